//! Counting in log space: the solvers count mine layouts by their natural logarithms, since an
//! expert board has about `10^100` of them (beyond `f64` once multiplied out) and a chance is a
//! ratio of two such counts.
//!
//! `-inf` stands for a count of zero throughout.

/// `ln(e^a + e^b)`, exact for `-inf` operands.
pub(crate) fn add(a: f64, b: f64) -> f64 {
    let (hi, lo) = if a > b { (a, b) } else { (b, a) };
    if lo == f64::NEG_INFINITY {
        hi
    } else {
        hi + (lo - hi).exp().ln_1p()
    }
}

/// `ln(sum of e^x)` over `terms`, scaled by the largest so nothing overflows (`-inf` for none).
pub(crate) fn sum(terms: impl Iterator<Item = f64> + Clone) -> f64 {
    let top = terms.clone().fold(f64::NEG_INFINITY, f64::max);
    if top == f64::NEG_INFINITY {
        return top;
    }
    top + terms.map(|x| (x - top).exp()).sum::<f64>().ln()
}

/// Convolution of two count vectors indexed by mine count: `out[i + j] = ln(sum of e^(a[i] +
/// b[j]))`, the ways two independent parts hold `i + j` mines together.
pub(crate) fn convolve(a: &[f64], b: &[f64]) -> Vec<f64> {
    let mut out = vec![f64::NEG_INFINITY; a.len() + b.len() - 1];
    for (i, &x) in a.iter().enumerate().filter(|(_, x)| x.is_finite()) {
        for (j, &y) in b.iter().enumerate().filter(|(_, y)| y.is_finite()) {
            out[i + j] = add(out[i + j], x + y);
        }
    }
    out
}

/// `ln(k!)` for `k` up to a bound, for log-binomials.
#[derive(Clone, Debug)]
pub(crate) struct Factorials(Vec<f64>);

impl Factorials {
    /// `ln(k!)` for `k` in `0..=n`.
    pub(crate) fn up_to(n: usize) -> Factorials {
        let mut out = vec![0.0; n + 1];
        for k in 1..=n {
            out[k] = out[k - 1] + (k as f64).ln();
        }
        Factorials(out)
    }

    /// `ln C(n, k)`, the ways to choose `k` of `n` cells (`-inf` when `k > n`). `n` must be at
    /// most the bound given to [`Factorials::up_to`].
    pub(crate) fn binomial(&self, n: usize, k: usize) -> f64 {
        if k > n {
            f64::NEG_INFINITY
        } else {
            self.0[n] - self.0[k] - self.0[n - k]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-12 * b.abs().max(1.0)
    }

    #[test]
    fn sums_of_logarithms_are_logarithms_of_sums() {
        let none = f64::NEG_INFINITY;
        assert!(close(add(2f64.ln(), 3f64.ln()), 5f64.ln()));
        assert_eq!(add(none, 1.5), 1.5);
        assert_eq!(add(none, none), none);
        assert!(close(
            sum([1f64, 2.0, 3.0].map(f64::ln).into_iter()),
            6f64.ln()
        ));
        assert_eq!(sum(std::iter::empty()), none);
        // Far beyond f64 once exponentiated, fine as logarithms.
        assert!(close(sum([1000.0, 1000.0].into_iter()), 1000.0 + 2f64.ln()));
    }

    #[test]
    fn convolution_counts_the_ways_two_parts_share_mines() {
        // A part with 1 way to hold 0 mines and 2 to hold 1, twice: 1, 4, 4 ways for 0, 1, 2.
        let part = [0.0, 2f64.ln()];
        let both: Vec<f64> = convolve(&part, &part).iter().map(|x| x.exp()).collect();
        assert!(both.iter().zip([1.0, 4.0, 4.0]).all(|(&x, y)| close(x, y)));
        // A mine count no way reaches stays at no way.
        let gap = convolve(&[0.0, f64::NEG_INFINITY, 0.0], &[0.0]);
        assert_eq!(gap[1], f64::NEG_INFINITY);
    }

    #[test]
    fn binomials_from_factorials() {
        let f = Factorials::up_to(10);
        assert!(close(f.binomial(10, 3).exp(), 120.0));
        assert_eq!(f.binomial(10, 0), 0.0);
        assert_eq!(f.binomial(3, 4), f64::NEG_INFINITY);
    }
}
