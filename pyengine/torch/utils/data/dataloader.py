"""DataLoader (single process) and default_collate."""
import collections.abc
import copy
import itertools

from ..._dtype import float64, int64
from ..._ops.creation import empty, tensor
from ..._ops.joining import stack
from ..._tensor import Tensor
from .dataset import IterableDataset
from .sampler import BatchSampler, RandomSampler, SequentialSampler, _InfiniteConstantSampler


def get_worker_info():
    """None: data loading runs in the main process here (no worker processes)."""
    return None


def default_collate(batch):
    """Stack a list of samples into a batch: tensors stack along a new dim 0, numbers become
    tensors, and tuples, lists and dicts are collated field by field."""
    elem = batch[0]
    if isinstance(elem, Tensor):
        return stack(batch, 0)
    if isinstance(elem, float):
        return tensor(batch, dtype=float64)
    if isinstance(elem, int):
        return tensor(batch)
    if isinstance(elem, (str, bytes)):
        return batch
    if isinstance(elem, collections.abc.Mapping):
        if isinstance(elem, collections.abc.MutableMapping):
            clone = copy.copy(elem)
            clone.update({key: default_collate([d[key] for d in batch]) for key in elem})
            return clone
        return {key: default_collate([d[key] for d in batch]) for key in elem}
    if isinstance(elem, tuple) and hasattr(elem, "_fields"):  # namedtuple
        return type(elem)(*(default_collate(samples) for samples in zip(*batch)))
    if isinstance(elem, collections.abc.Sequence):
        size = len(elem)
        if any(len(e) != size for e in batch):
            raise RuntimeError("each element in list of batch should be of equal size")
        return [default_collate(samples) for samples in zip(*batch)]
    if hasattr(elem, "__array__"):  # numpy arrays and scalars
        return default_collate([tensor(e) for e in batch])
    raise TypeError("default_collate: batch must contain tensors, numpy arrays, numbers, dicts or lists; "
                    f"found {type(elem)}")


def default_convert(data):
    return data


class DataLoader:
    def __init__(self, dataset, batch_size=1, shuffle=None, sampler=None, batch_sampler=None,
                 num_workers=0, collate_fn=None, pin_memory=False, drop_last=False, timeout=0,
                 worker_init_fn=None, multiprocessing_context=None, generator=None, *, prefetch_factor=None,
                 persistent_workers=False, pin_memory_device="", in_order=True):
        self.dataset = dataset
        self.num_workers = num_workers
        self.pin_memory = pin_memory
        self.timeout = timeout
        self.worker_init_fn = worker_init_fn
        self.generator = generator
        self._iterable = isinstance(dataset, IterableDataset)
        if self._iterable:
            if shuffle not in {False, None}:
                raise ValueError(f"DataLoader with IterableDataset: expected unspecified shuffle option, but got "
                                 f"shuffle={shuffle}")
            if sampler is not None:
                raise ValueError(f"DataLoader with IterableDataset: expected unspecified sampler option, but got "
                                 f"sampler={sampler}")
            if batch_sampler is not None:
                raise ValueError("DataLoader with IterableDataset: expected unspecified batch_sampler option, but "
                                 f"got batch_sampler={batch_sampler}")
            sampler = _InfiniteConstantSampler()
        if sampler is not None and shuffle:
            raise ValueError("sampler option is mutually exclusive with shuffle")
        if batch_sampler is not None:
            if batch_size != 1 or shuffle or sampler is not None or drop_last:
                raise ValueError("batch_sampler option is mutually exclusive with batch_size, shuffle, "
                                 "sampler, and drop_last")
            batch_size = None
            drop_last = False
        elif batch_size is None and drop_last:
            raise ValueError("batch_size=None option disables auto-batching and is mutually exclusive "
                             "with drop_last")
        if sampler is None:
            sampler = RandomSampler(dataset, generator=generator) if shuffle else SequentialSampler(dataset)
        if batch_size is not None and batch_sampler is None:
            batch_sampler = BatchSampler(sampler, batch_size, drop_last)
        self.batch_size = batch_size
        self.drop_last = drop_last
        self.sampler = sampler
        self.batch_sampler = batch_sampler
        if collate_fn is None:
            collate_fn = default_collate if batch_sampler is not None else default_convert
        self.collate_fn = collate_fn

    @property
    def _index_sampler(self):
        return self.batch_sampler if self.batch_sampler is not None else self.sampler

    def __iter__(self):
        indices = iter(self._index_sampler)
        # PyTorch draws a base seed for workers on every new iterator, even without workers
        empty((), dtype=int64).random_(generator=self.generator)
        return self._batches(indices)

    def _batches(self, indices):
        if self._iterable:
            yield from self._stream(indices)
            return
        for index in indices:
            if self.batch_sampler is not None:
                yield self.collate_fn([self.dataset[i] for i in index])
            else:
                yield self.collate_fn(self.dataset[index])

    def _stream(self, indices):
        """Batches of an IterableDataset: batch_size samples at a time from its iterator; a short
        last batch unless drop_last."""
        samples = iter(self.dataset)
        for index in indices:
            if self.batch_sampler is None:
                try:
                    sample = next(samples)
                except StopIteration:
                    return
                yield self.collate_fn(sample)
                continue
            batch = list(itertools.islice(samples, len(index)))
            if not batch or (self.drop_last and len(batch) < len(index)):
                return
            yield self.collate_fn(batch)

    def __len__(self):
        if self._iterable:
            length = len(self.dataset)
            if self.batch_size is not None:
                length = length // self.batch_size if self.drop_last else -(-length // self.batch_size)
            return length
        return len(self._index_sampler)
