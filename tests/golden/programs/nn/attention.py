import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
q = torch.randn(2, 2, 3, 4, requires_grad=True)
k = torch.randn(2, 2, 5, 4, requires_grad=True)
v = torch.randn(2, 2, 5, 4, requires_grad=True)
out = F.scaled_dot_product_attention(q, k, v)
print(out[1, 0], out.grad_fn.name())
out.pow(2).sum().backward()
print(q.grad[0, 1], k.grad[1, 0], v.grad[0, 0])
keep = torch.ones(3, 5, dtype=torch.bool).tril()
print(F.scaled_dot_product_attention(q, k, v, attn_mask=keep)[0, 1])
print(F.scaled_dot_product_attention(q, k, k, is_causal=True, scale=0.3)[1, 1])
x = torch.randn(4, 6, requires_grad=True)
y = F.scaled_dot_product_attention(x, x, x, attn_mask=torch.zeros(4, 4))
print(y, y.grad_fn.name())
torch.manual_seed(3)
print(F.scaled_dot_product_attention(q, k, v, dropout_p=0.5)[0, 0])

torch.manual_seed(0)
mha = nn.MultiheadAttention(embed_dim=8, num_heads=2)
print(mha, [(name, tuple(p.shape)) for name, p in mha.named_parameters()])
seq = torch.randn(3, 2, 8)
attn_out, weights = mha(seq, seq, seq)
print(attn_out[0], weights, attn_out.grad_fn.name(), weights.grad_fn.name())
print(mha(seq, seq, seq, average_attn_weights=False)[1].shape)
padding = torch.tensor([[False, False, True], [False, True, True]])
causal = nn.Transformer.generate_square_subsequent_mask(3)
print(causal)
attn_out, weights = mha(seq, seq, seq, key_padding_mask=padding, attn_mask=causal)
print(attn_out[2], weights)
attn_out, none = mha(seq, seq, seq, need_weights=False, attn_mask=causal, is_causal=True)
print(attn_out[1], none)
attn_out.sum().backward()
print(mha.in_proj_weight.grad[:2], mha.out_proj.bias.grad)
cross = nn.MultiheadAttention(8, 4, batch_first=True, kdim=6, vdim=5, bias=False, add_bias_kv=True,
                              add_zero_attn=True)
print(cross, [name for name, _ in cross.named_parameters()])
attn_out, weights = cross(torch.randn(2, 3, 8), torch.randn(2, 4, 6), torch.randn(2, 4, 5))
print(attn_out[0], weights[1])
single = nn.MultiheadAttention(4, 1, dropout=0.5)
single.eval()
print(single(torch.randn(2, 4), torch.randn(3, 4), torch.randn(3, 4)))
for call in (lambda: nn.MultiheadAttention(6, 4), lambda: mha(seq[0, 0], seq, seq),
             lambda: mha(seq, seq, seq, attn_mask=torch.zeros(2, 3)),
             lambda: mha(seq, seq, seq, is_causal=True)):
    try:
        call()
    except (AssertionError, RuntimeError) as err:
        print(type(err).__name__, err)
