"""torch.distributions: probability distributions with PyTorch's sampling paths, so that a seeded
program draws exactly the numbers PyTorch draws (torch-parity.md 2.2.4, 1.4)."""
from .distribution import Distribution
from .bernoulli import Bernoulli
from .categorical import Categorical
from .multinomial import Multinomial
from .normal import Normal
from .uniform import Uniform

__all__ = ["Distribution", "Bernoulli", "Categorical", "Multinomial", "Normal", "Uniform"]
