"""torch.utils.data: datasets, samplers and the DataLoader."""
from .dataset import Dataset, TensorDataset, ConcatDataset, Subset, random_split
from .sampler import Sampler, SequentialSampler, RandomSampler, BatchSampler
from .dataloader import DataLoader, default_collate, default_convert


def __getattr__(name):
    from ..._unsupported import internal_attribute
    internal_attribute("torch.utils.data", name)
