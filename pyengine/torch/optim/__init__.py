"""torch.optim: optimizers and learning-rate schedulers."""
from .optimizer import Optimizer
from .sgd import SGD
from .adam import Adam
from .adamw import AdamW
from .rmsprop import RMSprop
from .adagrad import Adagrad
from .adadelta import Adadelta
from .adamax import Adamax
from .asgd import ASGD
from .lbfgs import LBFGS
from .nadam import NAdam
from .radam import RAdam
from .rprop import Rprop
from .adafactor import Adafactor
from .muon import Muon
from . import lr_scheduler


def __getattr__(name):
    from .._unsupported import internal_attribute
    internal_attribute("torch.optim", name)
