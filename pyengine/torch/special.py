"""torch.special: the functions of this namespace that the engine has, under their names here."""
from ._ops.pointwise import (sigmoid as expit, logit, xlogy, xlog1py, entr, erf, erfc, exp2, expm1, log1p, round,  # noqa: F401
                             sinc)
from ._ops.decompositions import ndtr, mvlgamma as multigammaln  # noqa: F401
from ._ops.reduction import logsumexp  # noqa: F401
from ._ops.softmax import log_softmax, softmax  # noqa: F401
from ._ops.pointwise_more import erfinv, i0, i0e, i1, i1e, ndtri  # noqa: F401
from ._ops.special_functions import (erfcx, log_ndtr, gammainc, gammaincc, zeta, chebyshev_polynomial_t,  # noqa: F401
    chebyshev_polynomial_u, chebyshev_polynomial_v, chebyshev_polynomial_w, shifted_chebyshev_polynomial_t,
    shifted_chebyshev_polynomial_u, shifted_chebyshev_polynomial_v, shifted_chebyshev_polynomial_w,
    hermite_polynomial_h, hermite_polynomial_he, laguerre_polynomial_l, legendre_polynomial_p, bessel_j0, bessel_j1,
    bessel_y0, bessel_y1, modified_bessel_i0, modified_bessel_i1, modified_bessel_k0, modified_bessel_k1,
    scaled_modified_bessel_k0, scaled_modified_bessel_k1, spherical_bessel_j0, airy_ai)
from ._ops.gamma import lgamma as gammaln, digamma, digamma as psi, polygamma  # noqa: F401
from ._arg_parser import with_keyword_parity

__all__ = ["erfinv", "expit", "logit", "xlogy", "erf", "erfc", "exp2", "expm1", "log1p", "round", "logsumexp", "softmax",
           "log_softmax", "gammaln", "digamma", "psi", "polygamma", "xlog1py", "entr", "sinc", "ndtr", "multigammaln", "i0", "i0e", "i1", "i1e", "ndtri",
           "erfcx", "log_ndtr", "gammainc", "gammaincc", "zeta", "chebyshev_polynomial_t", "chebyshev_polynomial_u",
           "chebyshev_polynomial_v", "chebyshev_polynomial_w", "shifted_chebyshev_polynomial_t",
           "shifted_chebyshev_polynomial_u", "shifted_chebyshev_polynomial_v", "shifted_chebyshev_polynomial_w",
           "hermite_polynomial_h", "hermite_polynomial_he", "laguerre_polynomial_l", "legendre_polynomial_p",
           "bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1", "modified_bessel_i0", "modified_bessel_i1",
           "modified_bessel_k0", "modified_bessel_k1", "scaled_modified_bessel_k0", "scaled_modified_bessel_k1",
           "spherical_bessel_j0", "airy_ai"]

# Each takes out= here, as in PyTorch (softmax and log_softmax take none), under the name of the
# ATen op it is (in out='s errors): special_<name> but for these
_ATEN_NAMES = {"expit": "sigmoid", "gammaln": "lgamma", "psi": "digamma", "digamma": "digamma", "multigammaln": "mvlgamma",
               "gammainc": "igamma", "gammaincc": "igammac", "erf": "erf", "erfc": "erfc", "erfinv": "erfinv",
               "exp2": "exp2", "expm1": "expm1", "i0": "i0", "log1p": "log1p", "logit": "logit",
               "logsumexp": "logsumexp", "polygamma": "polygamma", "round": "round", "sinc": "sinc", "xlogy": "xlogy"}
globals().update({name: with_keyword_parity(getattr(globals()[name], "__wrapped__", globals()[name]),
                                            _ATEN_NAMES.get(name, f"special_{name}"), takes_out=True)
                  for name in __all__ if name not in ("softmax", "log_softmax")})
