//! Reading the files the commands are given: `-` is standard input, called `<stdin>` in every
//! message; text must be UTF-8, and a byte-order mark at its start is dropped.

use std::io::Read;
use std::path::Path;

/// How messages name `path`: `<stdin>` for `-`, else the path as given.
pub(crate) fn name(path: &Path) -> String {
    if is_stdin(path) {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    }
}

/// Whether `path` means standard input (`-`).
pub(crate) fn is_stdin(path: &Path) -> bool {
    path == Path::new("-")
}

/// Reads `path` (standard input for `-`) as text. A leading byte-order mark (as some editors
/// write) is dropped. Errors are whole messages, starting with the file's [`name`].
pub(crate) fn read(path: &Path) -> Result<String, String> {
    let mut bytes = Vec::new();
    let read = if is_stdin(path) {
        std::io::stdin().lock().read_to_end(&mut bytes).map(drop)
    } else {
        std::fs::File::open(path).and_then(|mut f| f.read_to_end(&mut bytes).map(drop))
    };
    read.map_err(|e| format!("{}: cannot read: {e}", name(path)))?;
    text(&bytes).map_err(|e| format!("{}:{e}", name(path)))
}

/// `bytes` as text without a leading byte-order mark; the error is `line:column: message` (or
/// ` message` when the whole file is at fault), for the file's name to go in front.
fn text(bytes: &[u8]) -> Result<String, String> {
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return Err(
            " the file is UTF-16 text (it starts with a UTF-16 byte-order mark); save \
                    it as UTF-8"
                .into(),
        );
    }
    let bytes = bytes.strip_prefix("\u{feff}".as_bytes()).unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => Ok(text.to_string()),
        Err(e) => {
            let good = std::str::from_utf8(&bytes[..e.valid_up_to()]).expect("checked valid");
            let line = typesweeper::board::lines(good).count().max(1);
            // The bad byte's line: after the last line break, or the whole text.
            let (line, before) = match good.rfind(['\n', '\r']) {
                Some(at) if at + 1 == good.len() => (line + 1, ""),
                Some(at) => (line, &good[at + 1..]),
                None => (1, good),
            };
            Err(format!(
                "{line}:{}: not UTF-8 text (byte 0x{:02X})",
                before.chars().count() + 1,
                bytes[e.valid_up_to()]
            ))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_drops_a_bom_and_places_the_first_bad_byte() {
        assert_eq!(text(b"\xef\xbb\xbf? 1\n").unwrap(), "? 1\n");
        assert_eq!(text(b"? 1\n").unwrap(), "? 1\n");
        assert_eq!(
            text(b"? 1\n1 \xff").unwrap_err(),
            "2:3: not UTF-8 text (byte 0xFF)"
        );
        assert_eq!(
            text(b"\xe9").unwrap_err(),
            "1:1: not UTF-8 text (byte 0xE9)"
        );
        assert_eq!(
            text(b"? 1\r\n\xc0").unwrap_err(),
            "2:1: not UTF-8 text (byte 0xC0)"
        );
        assert_eq!(
            text(b"a\rb\rc\x80").unwrap_err(),
            "3:2: not UTF-8 text (byte 0x80)"
        );
        assert!(text(b"\xff\xfe?\x00").unwrap_err().contains("UTF-16 text"));
    }

    #[test]
    fn stdin_is_named_the_same_everywhere() {
        assert_eq!(name(Path::new("-")), "<stdin>");
        assert_eq!(name(Path::new("b.txt")), "b.txt");
    }
}
