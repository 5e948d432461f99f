# golden: tolerance=6sig-line
# torch.stft with return_complex=False (the real view: real and imaginary parts last), its
# padding modes, windows, hops, batches, normalisation and gradient. PyTorch's FFT rounds its
# own way, so values agree to 6 significant digits (residues next to O(1) values).
import torch
import warnings

torch.set_printoptions(sci_mode=False, precision=5)
x = torch.arange(10.)
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    print(torch.stft(x, 4, return_complex=False))
print([str(w.message).splitlines()[0][:60] for w in caught])
print(torch.stft(x, 8, hop_length=2, window=torch.hann_window(8), return_complex=False))
print(torch.stft(x, 4, center=False, window=torch.hamming_window(4), return_complex=False))
print(torch.stft(x, 4, window=torch.hann_window(4), return_complex=False, normalized=True, onesided=False))
print(torch.stft(x, 4, win_length=2, return_complex=False)[..., 0])
print(torch.stft(x.reshape(2, 5), 4, hop_length=2, window=torch.ones(4), return_complex=False, pad_mode="constant"))
print(x.stft(4, window=torch.ones(4), return_complex=False, pad_mode="replicate")[..., 1])
print(torch.stft(x, 4, window=torch.ones(4), return_complex=False, pad_mode="circular").shape)
signal = torch.sin(torch.arange(64.) * 0.3) + 0.5 * torch.cos(torch.arange(64.) * 1.1)
print(torch.stft(signal, 16, hop_length=4, window=torch.hann_window(16), return_complex=False).pow(2).sum(-1))
print(torch.stft(signal.double(), 12, hop_length=5, window=torch.blackman_window(12, dtype=torch.float64),
                 return_complex=False).pow(2).sum(-1))
xr = torch.arange(10., requires_grad=True)
y = torch.stft(xr, 4, window=torch.hann_window(4), return_complex=False)
print(y.grad_fn.name())
(y * torch.arange(y.numel()).reshape(y.shape)).sum().backward()
print(xr.grad)
for call in (lambda: torch.stft(x, 4), lambda: torch.stft(x, 4, win_length=3, window=torch.ones(2), return_complex=False),
             lambda: torch.stft(torch.ones(2, 2, 5), 4, return_complex=False),
             lambda: torch.stft(x.long(), 4, return_complex=False), lambda: torch.stft(x, 0, return_complex=False),
             lambda: torch.stft(x, 4, hop_length=0, return_complex=False),
             lambda: torch.stft(x, 4, win_length=5, return_complex=False),
             lambda: torch.stft(x, 32, window=torch.ones(32), return_complex=False)):
    try:
        call()
    except RuntimeError as e:
        print(e)
