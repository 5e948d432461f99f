"""torch.nn.utils.rnn (re-exported there; here, below the recurrent layers that take a PackedSequence,
as nn.utils imports modules that import them): padding variable-length sequences to one tensor and packing them
(PackedSequence: the steps' rows one after another, batch_sizes rows a step), as PyTorch's module
and its ATen ops (PackedSequence.cpp) do it. Packing is one op, _pack_padded_sequence
(PackPaddedSequenceBackward0); padding a packed sequence and pad_sequence are composed of views
copied into a filled tensor (CopySlices), as ATen composes them.
"""
from collections.abc import Iterable
from typing import NamedTuple

from .._dtype import float16, float32, float64, int8, int16, int32, int64, uint8
from .._ops._helpers import type_name
from .._ops.creation import arange, as_tensor, empty_like, full, zeros
from .._ops.joining import cat
from .._ops.sorting import sort
from .._tensor import Tensor
from ..autograd.derivatives import op
from ..autograd.grad_mode import no_grad

__all__ = ["PackedSequence", "invert_permutation", "pack_padded_sequence", "pad_packed_sequence", "pad_sequence",
           "unpad_sequence", "pack_sequence", "unpack_sequence"]


class PackedSequence_(NamedTuple):
    data: Tensor
    batch_sizes: Tensor
    sorted_indices: Tensor = None
    unsorted_indices: Tensor = None


def bind(optional, fn):
    return None if optional is None else fn(optional)


class PackedSequence(PackedSequence_):
    """A batch of sequences packed step by step: ``data`` holds step t's ``batch_sizes[t]`` rows
    after step t-1's; ``sorted_indices`` orders the batch by length (None if it came sorted),
    ``unsorted_indices`` restores the given order. Made by pack_padded_sequence / pack_sequence."""
    __module__ = "torch.nn.utils.rnn"  # PyTorch's, where learners import it from

    def __new__(cls, data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
        return super().__new__(cls, *_packed_sequence_init_args(data, batch_sizes, sorted_indices, unsorted_indices))

    def pin_memory(self):
        # (data.pin_memory() in PyTorch, which a build without an accelerator refuses, as the engine is)
        raise RuntimeError("Cannot access accelerator device when none is available.")

    def to(self, *args, **kwargs):
        """self.data converted (dtype and/or device); self if that returns data itself. The indices
        follow data's device, batch_sizes stays."""
        data = self.data.to(*args, **kwargs)
        if data is self.data:
            return self
        if "copy" in kwargs:  # (PyTorch parses the arguments again, for the indices, with _parse_to)
            raise RuntimeError(".to() does not accept copy argument")
        sorted_indices = bind(self.sorted_indices, lambda t: t.to(data.device))
        unsorted_indices = bind(self.unsorted_indices, lambda t: t.to(data.device))
        return type(self)(data, self.batch_sizes, sorted_indices, unsorted_indices)

    def cuda(self, *args, **kwargs):
        ex = as_tensor((), dtype=self.data.dtype).to(*args, **kwargs)
        if ex.is_cuda:
            return self.to(*args, **kwargs)
        kwargs["device"] = "cuda"
        return self.to(*args, **kwargs)

    def cpu(self, *args, **kwargs):
        ex = as_tensor((), dtype=self.data.dtype).to(*args, **kwargs)
        if ex.device.type == "cpu":
            return self.to(*args, **kwargs)
        kwargs["device"] = "cpu"
        return self.to(*args, **kwargs)

    def double(self):
        return self.to(dtype=float64)

    def float(self):
        return self.to(dtype=float32)

    def half(self):
        return self.to(dtype=float16)

    def long(self):
        return self.to(dtype=int64)

    def int(self):
        return self.to(dtype=int32)

    def short(self):
        return self.to(dtype=int16)

    def char(self):
        return self.to(dtype=int8)

    def byte(self):
        return self.to(dtype=uint8)

    @property
    def is_cuda(self):
        return self.data.is_cuda

    def is_pinned(self):
        return False  # (data.is_pinned() in PyTorch: the engine has no pinned memory, as a CPU-only build)


def _packed_sequence_init_args(data, batch_sizes=None, sorted_indices=None, unsorted_indices=None):
    # unsorted_indices, if given, is sorted_indices' inverse (not checked: made by this module)
    if unsorted_indices is None:
        unsorted_indices = invert_permutation(sorted_indices)
    if batch_sizes is not None:  # PackedSequence(data, batch_sizes, sorted_indices)
        if batch_sizes.device.type != "cpu":
            raise ValueError(
                "batch_sizes should always be on CPU. Instances of PackedSequence should never be created "
                "manually. They should be instantiated by functions like pack_sequence and pack_padded_sequences in "
                "nn.utils.rnn. https://pytorch.org/docs/stable/nn.html#torch.nn.utils.rnn.pack_sequence")
        return data, batch_sizes, sorted_indices, unsorted_indices
    if not (isinstance(data, (list, tuple)) and len(data) == 2):  # PackedSequence((data, batch_sizes), ...)
        raise AssertionError("Expected data to be a list or tuple of length 2")
    return data[0], data[1], sorted_indices, unsorted_indices


def invert_permutation(permutation):
    """The inverse of a 1-D permutation of indices (None for None)."""
    if permutation is None:
        return None
    output = empty_like(permutation)
    output.scatter_(0, permutation, arange(0, permutation.numel()))
    return output


def _pack_padded_sequence_backward(grad, input_size, batch_sizes, batch_first):
    """ATen's: the packed rows' gradients copied back into a zero-padded (T, B, *) gradient."""
    size = list(input_size)
    if batch_first:
        size[0], size[1] = size[1], size[0]
    grad_input = zeros(size, dtype=grad.dtype)
    offset = 0
    for i, rows in enumerate(batch_sizes.tolist()):
        grad_input[i][:rows].copy_(grad[offset:offset + rows])
        offset += rows
    return grad_input.transpose(0, 1) if batch_first else grad_input


@op("PackPaddedSequenceBackward0", name="_pack_padded_sequence", packs="result1",
    saved="batch_first input_sym_sizes result1",
    input=lambda grad, input, result, batch_first: _pack_padded_sequence_backward(grad, input.shape, result[1],
                                                                                   batch_first))
def _pack_padded_sequence(input, lengths, batch_first):
    """ATen's op: (data, batch_sizes) of a padded (T, B, *) input (batch_first: (B, T, *)) whose
    sequences have the given lengths, longest first. Scanning from the shortest sequence, each
    time the length grows the block of steps it adds, for the sequences that long, joins data."""
    if input.numel() == 0:
        raise RuntimeError("Cannot pack empty tensors.")
    if batch_first:
        input = input.transpose(0, 1)
    if lengths.dim() != 1 or lengths.dtype is not int64:
        raise RuntimeError(f"'lengths' argument should be a 1D CPU int64 tensor, but got {lengths.dim()}D cpu "
                           f"{type_name(lengths.dtype)} tensor")
    batch_size = input.size(1)
    lengths = lengths.tolist()
    if len(lengths) != batch_size:
        raise RuntimeError(f"Expected `len(lengths)` to be equal to batch_size, but got {len(lengths)} "
                           f"(batch_size={batch_size})")
    if lengths[-1] <= 0:
        raise RuntimeError("Length of all samples has to be greater than 0, but found an element in 'lengths' "
                           "that is <= 0")
    if any(longer < shorter for longer, shorter in zip(lengths, lengths[1:])):
        raise RuntimeError("`lengths` array must be sorted in decreasing order when `enforce_sorted` is True. You "
                           "can pass `enforce_sorted=False` to pack_padded_sequence and/or pack_sequence to sidestep "
                           "this requirement if you do not need ONNX exportability.")
    steps, batch_sizes = [], []
    step_shape = (-1, *input.shape[2:])
    prev_l = 0
    with no_grad():
        for i, length in enumerate(reversed(lengths)):
            if length > prev_l:
                current_batch_size = batch_size - i
                steps.append(input[prev_l:length, :current_batch_size].contiguous().view(step_shape))
                batch_sizes += [current_batch_size] * (length - prev_l)
                prev_l = length
        data = cat(steps)
    return data, as_tensor(batch_sizes, dtype=int64)


def _pad_packed_sequence(data, batch_sizes, batch_first, padding_value, total_length):
    """ATen's (composite) op: the (T, B, *) tensor filled with padding_value, each run of steps
    with the same batch size copied in from data as one block; and each sequence's length."""
    batch_sizes = batch_sizes.tolist()
    max_batch_size, max_real_seq_length = batch_sizes[0], len(batch_sizes)
    max_seq_length = max_real_seq_length
    if total_length > 0:
        if total_length < max_seq_length:
            raise RuntimeError("Expected total_length to be at least the length of the longest sequence in input, "
                               f"but got total_length={total_length} and max sequence length being {max_seq_length}")
        max_seq_length = total_length
    trailing = tuple(data.shape[1:])
    output = full((max_seq_length, max_batch_size, *trailing), padding_value, dtype=data.dtype)
    lengths = [0] * max_batch_size
    data_offset, prev_batch_size, prev_i = 0, max_batch_size, 0
    for i in range(max_real_seq_length + 1):
        batch_size = batch_sizes[i] if i != max_real_seq_length else 0
        if batch_size != prev_batch_size:
            rows = prev_batch_size * (i - prev_i)
            block = data[data_offset:data_offset + rows]
            output[prev_i:i, :prev_batch_size].copy_(block.view(i - prev_i, prev_batch_size, *trailing))
            data_offset += rows
            prev_i = i
        for j in range(batch_size, prev_batch_size):  # the sequences ending before step i
            lengths[j] = i
        prev_batch_size = batch_size
    if batch_first:
        output = output.transpose(0, 1)
    return output, as_tensor(lengths, dtype=int64)


def pack_padded_sequence(input, lengths, batch_first=False, enforce_sorted=True):
    """A PackedSequence of a padded (T, B, *) batch (batch_first: (B, T, *)) of sequences of the
    given lengths: sorted longest first, or (enforce_sorted=False) sorted here."""
    if not isinstance(lengths, Tensor):
        lengths = as_tensor(lengths, dtype=int64)
    else:
        lengths = lengths.to(dtype=int64)
    if enforce_sorted:
        sorted_indices = None
    else:
        lengths, sorted_indices = sort(lengths, descending=True)
        sorted_indices = sorted_indices.to(input.device)
        input = input.index_select(0 if batch_first else 1, sorted_indices)
    data, batch_sizes = _pack_padded_sequence(input, lengths, batch_first)
    return PackedSequence(data, batch_sizes, sorted_indices, None)


def pad_packed_sequence(sequence, batch_first=False, padding_value=0.0, total_length=None):
    """(the padded (T, B, *) tensor (batch_first: (B, T, *)), each sequence's length), in the order
    the batch was given to pack_padded_sequence or pack_sequence; T is total_length if given."""
    max_seq_length = sequence.batch_sizes.size(0)
    if total_length is not None:
        if total_length < max_seq_length:
            raise ValueError("Expected total_length to be at least the length of the longest sequence in input, but "
                             f"got total_length={total_length} and max sequence length being {max_seq_length}")
        max_seq_length = total_length
    padded_output, lengths = _pad_packed_sequence(sequence.data, sequence.batch_sizes, batch_first, padding_value,
                                                  max_seq_length)
    unsorted_indices = sequence.unsorted_indices
    if unsorted_indices is not None:
        batch_dim = 0 if batch_first else 1
        return padded_output.index_select(batch_dim, unsorted_indices), lengths[unsorted_indices.cpu()]
    return padded_output, lengths


def pad_sequence(sequences, batch_first=False, padding_value=0.0, padding_side="right"):
    """The sequences (L_i, *) padded with padding_value to the longest's length and stacked: (T, B, *)
    (batch_first: (B, T, *)), in the first's dtype; padding_side "left" puts the padding first."""
    if not isinstance(sequences, Iterable):
        raise RuntimeError("pad_sequence: Expected iterable for input sequences, but got arg of type: "
                           f"{type(sequences)}")
    sequences = tuple(sequences)
    if not sequences:
        raise RuntimeError("received an empty list of sequences")
    if sequences[0].dim() == 0:
        raise RuntimeError("ArrayRef: invalid slice, N = 1; size = 0")
    trailing = tuple(sequences[0].shape[1:])
    max_len = max(seq.size(0) for seq in sequences)
    out_dims = (len(sequences), max_len) if batch_first else (max_len, len(sequences))
    out = full((*out_dims, *trailing), padding_value, dtype=sequences[0].dtype)
    if padding_side not in ("left", "right"):
        raise RuntimeError(f"Expected padding_side to be one of left or right, but got {padding_side}.")
    for i, seq in enumerate(sequences):
        length = seq.size(0)
        start = max_len - length if padding_side == "left" else 0
        if batch_first:
            out.select(0, i).narrow(0, start, length).copy_(seq)
        else:
            out.narrow(0, start, length).select(1, i).copy_(seq)
    return out


def unpad_sequence(padded_sequences, lengths, batch_first=False):
    """The list of sequences of the given lengths out of a padded (T, B, *) tensor (batch_first:
    (B, T, *)). As PyTorch's, it transposes a (T, B, *) padded_sequences in place."""
    unpadded_sequences = []
    if not batch_first:
        padded_sequences.transpose_(0, 1)
    idx = arange(padded_sequences.shape[1])
    for seq, length in zip(padded_sequences, lengths, strict=True):
        unpadded_sequences.append(seq[idx < length])
    return unpadded_sequences


def pack_sequence(sequences, enforce_sorted=True):
    """pad_sequence, then pack_padded_sequence with the sequences' lengths."""
    lengths = as_tensor([v.size(0) for v in sequences])
    return pack_padded_sequence(pad_sequence(sequences), lengths, enforce_sorted=enforce_sorted)


def unpack_sequence(packed_sequences):
    """The list of a PackedSequence's sequences, in the order they were packed in."""
    padded_sequences, lengths = pad_packed_sequence(packed_sequences, batch_first=True)
    return unpad_sequence(padded_sequences, lengths, batch_first=True)
