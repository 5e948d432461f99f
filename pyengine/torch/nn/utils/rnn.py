"""torch.nn.utils.rnn: padding and packing variable-length sequences (defined in nn/_packed_sequence.py)."""
from .._packed_sequence import (PackedSequence, invert_permutation, pack_padded_sequence, pack_sequence,  # noqa: F401
                                pad_packed_sequence, pad_sequence, unpack_sequence, unpad_sequence, __all__)
