//! The templates' one helper: `{key}` placeholders in a text, filled in one pass, so that a
//! template reads as the file it produces (braces that are not placeholders stay as written).

/// `template` with each `{key}` of `values` replaced by its value. One pass: a value is copied
/// as it is, never searched for placeholders; a brace not around one of the keys (`fn f() {`,
/// `"{solved}"`) stays.
///
/// # Panics
/// When a key of `values` does not occur in `template`: the template and its caller disagree.
pub(crate) fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut used = vec![false; values.len()];
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let key_len = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(after.len());
        let key = &after[..key_len];
        let found = after[key_len..]
            .starts_with('}')
            .then(|| values.iter().position(|(k, _)| *k == key))
            .flatten();
        match found {
            Some(k) => {
                out.push_str(values[k].1);
                used[k] = true;
                rest = &after[key_len + 1..];
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    if let Some(k) = used.iter().position(|&u| !u) {
        panic!("the template has no `{{{}}}`", values[k].0);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::fill;

    #[test]
    fn placeholders_are_filled_once_and_other_braces_stay() {
        let text = fill(
            "fn {name}() {\n    println!(\"{solved}\");\n}{tail}",
            &[("name", "game_{name}"), ("tail", "\n")],
        );
        assert_eq!(text, "fn game_{name}() {\n    println!(\"{solved}\");\n}\n");
        assert_eq!(fill("{a}{a} {", &[("a", "x")]), "xx {");
    }

    #[test]
    #[should_panic(expected = "the template has no `{missing}`")]
    fn a_key_the_template_lacks_is_a_bug() {
        fill("{present}", &[("present", ""), ("missing", "")]);
    }
}
