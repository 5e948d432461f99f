# a Python int operand is an int64, or beyond it a uint64 up to 2**64 - 1 (an int64 tensor wraps it);
# larger or more negative ones raise OverflowError
import torch

for value in (2 ** 63, 2 ** 63 + 5, 2 ** 64 - 1, 2 ** 64, -2 ** 63, -2 ** 63 - 1):
    for name, run in [("int64 +", lambda: torch.tensor([5]) + value), ("int64 *", lambda: torch.tensor([5]) * value),
                      ("int64 ==", lambda: torch.tensor([5]) == value), ("int64 //", lambda: torch.tensor([5]) // value),
                      ("float *", lambda: torch.tensor([1.5]) * value), ("double +", lambda: torch.tensor([1.5], dtype=torch.float64) + value)]:
        try:
            print(value, name, run())
        except OverflowError as e:
            print(value, name, "OverflowError", e)
