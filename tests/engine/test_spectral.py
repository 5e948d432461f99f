"""stft's complex forms: the engine has no complex dtype, so they fail with a message that
says so (PyTorch returns complex tensors there)."""
import pytest
import torch


def test_stft_return_complex_true_names_complex_tensors():
    with pytest.raises(RuntimeError, match="complex tensor: this engine's tensors are real .*return_complex=False"):
        torch.stft(torch.arange(10.), 4, window=torch.ones(4), return_complex=True)


def test_istft_says_its_input_would_be_complex():
    with pytest.raises(RuntimeError, match="^istft requires a complex-valued input tensor .*no complex dtype"):
        torch.istft(torch.zeros(3, 11, 2), 4, window=torch.ones(4))
    with pytest.raises(RuntimeError, match="^istft requires a complex-valued input"):
        torch.zeros(3, 11, 2).istft(4, window=torch.ones(4))
