"""torch.utils.data: datasets, samplers and the DataLoader."""
from .dataset import Dataset, TensorDataset, ConcatDataset, Subset, random_split
from .sampler import Sampler, SequentialSampler, RandomSampler, BatchSampler
from .dataloader import DataLoader, default_collate, default_convert
