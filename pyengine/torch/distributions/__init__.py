"""torch.distributions: probability distributions with PyTorch's sampling paths, so that a seeded
program draws exactly the numbers PyTorch draws (torch-parity.md 2.2.4, 1.4), and PyTorch's
argument and sample validation (validate_args) with its messages."""
from . import constraints
from .distribution import Distribution
from .bernoulli import Bernoulli
from .beta import Beta
from .binomial import Binomial
from .categorical import Categorical
from .dirichlet import Dirichlet
from .exponential import Exponential
from .gamma import Gamma
from .geometric import Geometric
from .laplace import Laplace
from .multinomial import Multinomial
from .multivariate_normal import MultivariateNormal
from .normal import Normal
from .one_hot_categorical import OneHotCategorical
from .poisson import Poisson
from .uniform import Uniform

__all__ = ["Distribution", "Bernoulli", "Beta", "Binomial", "Categorical", "Dirichlet", "Exponential", "Gamma",
           "Geometric", "Laplace", "Multinomial", "MultivariateNormal",
           "Normal", "OneHotCategorical", "Poisson", "Uniform", "constraints"]
