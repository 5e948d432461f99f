import torch
import torch.nn as nn

torch.manual_seed(0)
layer = nn.TransformerEncoderLayer(d_model=8, nhead=2, dim_feedforward=16, dropout=0.1)
print(layer)
encoder = nn.TransformerEncoder(layer, num_layers=2)
src = torch.randn(5, 3, 8)
mask = nn.Transformer.generate_square_subsequent_mask(5)
out = encoder(src, mask)
print(out[0], out.grad_fn.name())
(out * torch.linspace(-1, 1, 8)).sum().backward()  # not a plain sum: a layer norm's outputs sum to 0
print(encoder.layers[1].linear2.bias.grad, encoder.layers[0].self_attn.in_proj_bias.grad[:4])
encoder.eval()
print(encoder(src, mask)[4])
pre_norm = nn.TransformerEncoderLayer(8, 2, 16, 0.0, activation="gelu", batch_first=True, norm_first=True)
print(pre_norm(torch.randn(2, 4, 8), src_key_padding_mask=torch.tensor([[False] * 3 + [True], [False] * 4])))
decoder = nn.TransformerDecoder(nn.TransformerDecoderLayer(8, 2, 16, dropout=0.0), 2, norm=nn.LayerNorm(8))
print(decoder.layers[0])
tgt = torch.randn(4, 3, 8)
print(decoder(tgt, out.detach(), tgt_mask=nn.Transformer.generate_square_subsequent_mask(4))[1])
model = nn.Transformer(d_model=8, nhead=2, num_encoder_layers=1, num_decoder_layers=1, dim_feedforward=8,
                       dropout=0.0)
print(sum(p.numel() for p in model.parameters()), model.encoder.layers[0].self_attn.in_proj_weight[0])
y = model(torch.randn(6, 2, 8), torch.randn(3, 2, 8), tgt_mask=model.generate_square_subsequent_mask(3))
print(y)
(y * torch.linspace(-1, 1, 8)).sum().backward()
print(model.decoder.layers[0].multihead_attn.out_proj.weight.grad[0])
print(nn.Transformer.generate_square_subsequent_mask(3, dtype=torch.float64))
try:
    nn.TransformerEncoderLayer(8, 2, activation="tanh")
except RuntimeError as err:
    print(err)
