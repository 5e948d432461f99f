"""torch.utils.data: datasets, samplers and the DataLoader."""
from .dataset import (Dataset, IterableDataset, TensorDataset, StackDataset, ChainDataset, ConcatDataset, Subset,
                      random_split)
from .sampler import (Sampler, SequentialSampler, RandomSampler, SubsetRandomSampler, WeightedRandomSampler,
                      BatchSampler, DistributedSampler)
from .dataloader import DataLoader, default_collate, default_convert, get_worker_info


def __getattr__(name):
    from ..._unsupported import internal_attribute
    internal_attribute("torch.utils.data", name)
