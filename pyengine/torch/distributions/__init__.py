"""torch.distributions: probability distributions with PyTorch's sampling paths, so that a seeded
program draws exactly the numbers PyTorch draws (torch-parity.md 2.2.4, 1.4), and PyTorch's
argument and sample validation (validate_args) with its messages."""
from . import constraints
from .distribution import Distribution
from . import transforms
from .bernoulli import Bernoulli
from .beta import Beta
from .binomial import Binomial
from .categorical import Categorical
from .cauchy import Cauchy
from .chi2 import Chi2
from .dirichlet import Dirichlet
from .exponential import Exponential
from .gamma import Gamma
from .geometric import Geometric
from .gumbel import Gumbel
from .half_normal import HalfCauchy, HalfNormal
from .independent import Independent
from .kl import kl_divergence, register_kl
from .laplace import Laplace
from .log_normal import LogNormal
from .multinomial import Multinomial
from .multivariate_normal import MultivariateNormal
from .normal import Normal
from .one_hot_categorical import OneHotCategorical
from .poisson import Poisson
from .studentT import StudentT
from .transformed_distribution import TransformedDistribution
from .transforms import (AbsTransform, AffineTransform, ComposeTransform, ExpTransform, PowerTransform,
                         SigmoidTransform, TanhTransform, Transform, identity_transform)
from .uniform import Uniform

__all__ = ["AbsTransform", "AffineTransform", "Bernoulli", "Beta", "Binomial", "Categorical", "Cauchy", "Chi2",
           "ComposeTransform", "Dirichlet", "Distribution", "ExpTransform", "Exponential", "Gamma", "Geometric",
           "Gumbel", "HalfCauchy", "HalfNormal", "Independent", "Laplace", "LogNormal", "Multinomial",
           "MultivariateNormal", "Normal", "OneHotCategorical", "Poisson", "PowerTransform", "SigmoidTransform",
           "StudentT", "TanhTransform", "Transform", "TransformedDistribution", "Uniform", "constraints",
           "identity_transform", "kl_divergence", "register_kl", "transforms"]
