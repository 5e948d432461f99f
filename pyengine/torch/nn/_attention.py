"""torch.nn.functional's attention: scaled_dot_product_attention and
multi_head_attention_forward (the forward of nn.MultiheadAttention), as PyTorch 2.13 computes them
on the CPU. Written against the ops below the API (no ``import torch``); torch/nn/__init__.py binds
them into torch.nn.functional.

scaled_dot_product_attention picks a kernel as PyTorch's CPU dispatcher does: 4-d query, key and
value with equal batch, heads and head sizes and no dropout take the fused flash-attention kernel
(one node, ScaledDotProductFlashAttentionForCpuBackward0); everything else takes the math path
(PyTorch's composite, so its chain of nodes). The fused kernel's blocked float32 exponentials and
sums are not reproduced bit for bit: its values agree with PyTorch's to about 6 significant digits;
the math path's agree exactly.
"""
import math
import warnings

from .. import _dtype
from .._ops.creation import ones, zeros, zeros_like
from .._ops.joining import cat
from ..autograd.derivatives import op
from ..autograd.grad_mode import no_grad

_NEG_INF = float("-inf")


def _additive(mask, dtype):
    """A boolean mask as an additive one: -inf where True, 0 elsewhere."""
    return zeros_like(mask, dtype=dtype).masked_fill_(mask, _NEG_INF)


def _float_mask(mask, dtype):
    """scaled_dot_product_attention's boolean mask (True: take part) as an additive one."""
    if mask is None or mask.dtype is not _dtype.bool_:
        return mask
    return _additive(mask.logical_not(), dtype)


def _causal_mask(query, key):
    return _float_mask(ones(query.shape[-2], key.shape[-2], dtype=_dtype.bool_).tril(), query.dtype)


def _scale(query, scale):
    return 1.0 / math.sqrt(query.shape[-1]) if scale is None else scale


# ---- the fused kernel's single node ---------------------------------------------------------

def _flash_weights(query, key, attn_mask, scale):
    """exp(scores less each row's maximum), scores = q k^T * scale + mask, and each row's sum
    (0 for a row with every key masked)."""
    scores = query.matmul(key.transpose(-2, -1)) * scale
    if attn_mask is not None:
        scores = scores + attn_mask
    top = scores.amax(-1, keepdim=True)
    weights = (scores - top.masked_fill(top == _NEG_INF, 0.0)).exp()
    return weights, weights.sum(-1, keepdim=True)


def _flash_probabilities(query, key, attn_mask, scale):
    """softmax of the scores over the keys; rows with every key masked are zeros."""
    weights, total = _flash_weights(query, key, attn_mask, scale)
    return weights / total.masked_fill(total == 0, 1.0)


def _flash_score_grad(grad, query, key, value, attn_mask, scale):
    """The gradient of the scores q k^T * scale (softmax's backward of value's projection)."""
    probs = _flash_probabilities(query, key, attn_mask, scale)
    grad_probs = grad.matmul(value.transpose(-2, -1))
    return probs * (grad_probs - (grad_probs * probs).sum(-1, keepdim=True))


@op("ScaledDotProductFlashAttentionForCpuBackward0", name="_scaled_dot_product_flash_attention_for_cpu",
    query=lambda grad, query, key, value, attn_mask, scale:
        _flash_score_grad(grad, query, key, value, attn_mask, scale).matmul(key) * scale,
    key=lambda grad, query, key, value, attn_mask, scale:
        _flash_score_grad(grad, query, key, value, attn_mask, scale).transpose(-2, -1).matmul(query) * scale,
    value=lambda grad, query, key, attn_mask, scale:
        _flash_probabilities(query, key, attn_mask, scale).transpose(-2, -1).matmul(grad))
def _flash_attention(query, key, value, attn_mask, scale):
    """The kernel's order: the exponentials' product with value, then divided by their sum (one
    block of keys for sequences up to 512)."""
    with no_grad():
        weights, total = _flash_weights(query, key, attn_mask, scale)
        return (weights.matmul(value) * total.reciprocal()).masked_fill(total == 0, 0.0)


# ---- the math path: PyTorch's composite -----------------------------------------------------

def _math_attention(query, key, value, attn_mask, dropout_p, scale):
    scaling = math.sqrt(scale)  # query and key each scaled by the root, as ATen does for stability
    attn = (query * scaling).matmul(key.transpose(-2, -1) * scaling)
    if attn_mask is not None:
        attn = attn + attn_mask
    attn = attn.softmax(-1)
    if attn_mask is not None:  # _safe_softmax: a row with every key masked attends to nothing
        attn = attn.masked_fill(attn.isnan(), 0.0)
    if dropout_p > 0.0:
        from .functional import dropout
        attn = dropout(attn, dropout_p, True)
    return attn.matmul(value)


def _uses_flash(query, key, value, attn_mask, dropout_p, enable_gqa):
    if dropout_p > 0.0 or query.dim() != 4 or key.dim() != 4 or value.dim() != 4:
        return False
    if query.dtype not in (_dtype.float32, _dtype.float64) or enable_gqa:
        return False
    same = query.shape[:2] == key.shape[:2] == value.shape[:2]
    return same and query.shape[-1] == key.shape[-1] == value.shape[-1] and query.shape[-2] > 0 and key.shape[-2] > 0


def scaled_dot_product_attention(query, key, value, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None,
                                 enable_gqa=False):
    if query.dim() < 2 or key.dim() < 2 or value.dim() < 2:
        raise RuntimeError(f"Expected query, key, and value to all be  at least 2 dimensional, but got query.dim: "
                           f"{query.dim()} key.dim: {key.dim()} and value.dim: {value.dim()} instead.")
    if enable_gqa and query.dim() >= 3 and key.shape[-3] != query.shape[-3]:
        repeats = query.shape[-3] // key.shape[-3]
        key = key.repeat_interleave(repeats, -3)
        value = value.repeat_interleave(repeats, -3)
    scale = _scale(query, scale)
    attn_mask = _float_mask(attn_mask, query.dtype)
    if is_causal:
        attn_mask = _causal_mask(query, key)
    if _uses_flash(query, key, value, attn_mask, dropout_p, enable_gqa):
        return _flash_attention(query, key, value, attn_mask, scale)
    return _math_attention(query, key, value, attn_mask, dropout_p, scale)


# ---- multi-head attention -------------------------------------------------------------------

def _canonical_mask(mask, mask_name, other_type, other_name, target_type, check_other=True):
    if mask is None:
        return None
    is_float = mask.is_floating_point()
    if mask.dtype is not _dtype.bool_ and not is_float:
        raise AssertionError(f"only bool and floating types of {mask_name} are supported")
    if check_other and other_type is not None and mask.dtype is not other_type:
        warnings.warn(f"Support for mismatched {mask_name} and {other_name} is deprecated. Use same type for both "
                      f"instead.", stacklevel=2)
    return mask if is_float else _additive(mask, target_type)


def _none_or_dtype(input):
    return None if input is None else input.dtype


def _mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads):
    """Whether the input is batched (3-d) or not (2-d); PyTorch's errors otherwise."""
    if query.dim() not in (2, 3):
        raise AssertionError(f"query should be unbatched 2D or batched 3D tensor but received {query.dim()}-D query "
                             f"tensor")
    batched = query.dim() == 3
    kind = "batched (3-D)" if batched else "unbatched (2-D)"
    if key.dim() != query.dim() or value.dim() != query.dim():
        raise AssertionError(f"For {kind} `query`, expected `key` and `value` to be {query.dim()}-D but found "
                             f"{key.dim()}-D and {value.dim()}-D tensors respectively")
    if key_padding_mask is not None and key_padding_mask.dim() != query.dim() - 1:
        raise AssertionError(f"For {kind} `query`, expected `key_padding_mask` to be `None` or "
                             f"{query.dim() - 1}-D but found {key_padding_mask.dim()}-D tensor instead")
    if attn_mask is not None:
        if attn_mask.dim() not in (2, 3):
            raise AssertionError(f"For {kind} `query`, expected `attn_mask` to be `None`, 2-D or 3-D but found "
                                 f"{attn_mask.dim()}-D tensor instead")
        if not batched and attn_mask.dim() == 3:
            expected = (num_heads, query.shape[0], key.shape[0])
            if tuple(attn_mask.shape) != expected:
                raise AssertionError(f"Expected `attn_mask` shape to be {expected} but got {attn_mask.shape}")
    return batched


def _in_projection_packed(q, k, v, w, b=None):
    """q, k and v projected by the packed weight w (q, k, v rows), as PyTorch: one linear for
    self-attention, two for encoder-decoder attention, three otherwise."""
    from .functional import linear
    embed = q.shape[-1]
    if k is v:
        if q is k:
            proj = linear(q, w, b).unflatten(-1, (3, embed)).unsqueeze(0).transpose(0, -2).squeeze(-2).contiguous()
            return proj[0], proj[1], proj[2]
        w_q, w_kv = w.split([embed, embed * 2])
        b_q, b_kv = (None, None) if b is None else b.split([embed, embed * 2])
        kv = linear(k, w_kv, b_kv).unflatten(-1, (2, embed)).unsqueeze(0).transpose(0, -2).squeeze(-2).contiguous()
        return linear(q, w_q, b_q), kv[0], kv[1]
    w_q, w_k, w_v = w.chunk(3)
    b_q, b_k, b_v = (None, None, None) if b is None else b.chunk(3)
    return linear(q, w_q, b_q), linear(k, w_k, b_k), linear(v, w_v, b_v)


def _pad_last(mask):
    from .functional import pad
    return pad(mask, (0, 1))


def multi_head_attention_forward(query, key, value, embed_dim_to_check, num_heads, in_proj_weight, in_proj_bias,
                                 bias_k, bias_v, add_zero_attn, dropout_p, out_proj_weight, out_proj_bias,
                                 training=True, key_padding_mask=None, need_weights=True, attn_mask=None,
                                 use_separate_proj_weight=False, q_proj_weight=None, k_proj_weight=None,
                                 v_proj_weight=None, static_k=None, static_v=None, average_attn_weights=True,
                                 is_causal=False):
    from .functional import dropout, linear, softmax
    batched = _mha_shape_check(query, key, value, key_padding_mask, attn_mask, num_heads)
    if not batched:
        query, key, value = query.unsqueeze(1), key.unsqueeze(1), value.unsqueeze(1)
        if key_padding_mask is not None:
            key_padding_mask = key_padding_mask.unsqueeze(0)
    tgt_len, bsz, embed_dim = query.shape
    src_len = key.shape[0]
    key_padding_mask = _canonical_mask(key_padding_mask, "key_padding_mask", _none_or_dtype(attn_mask), "attn_mask",
                                       query.dtype)
    if is_causal and attn_mask is None:
        raise RuntimeError("Need attn_mask if specifying the is_causal hint. You may use the Transformer module "
                           "method `generate_square_subsequent_mask` to create this mask.")
    if is_causal and key_padding_mask is None and not need_weights:
        attn_mask = None  # scaled_dot_product_attention builds the causal mask itself
    else:
        attn_mask = _canonical_mask(attn_mask, "attn_mask", None, "", query.dtype, check_other=False)
        if key_padding_mask is not None:
            is_causal = False
    if embed_dim != embed_dim_to_check:
        raise AssertionError(f"was expecting embedding dimension of {embed_dim_to_check}, but got {embed_dim}")
    head_dim = embed_dim // num_heads
    if head_dim * num_heads != embed_dim:
        raise AssertionError(f"embed_dim {embed_dim} not divisible by num_heads {num_heads}")
    if use_separate_proj_weight:
        if tuple(key.shape[:2]) != tuple(value.shape[:2]):
            raise AssertionError(f"key's sequence and batch dims {key.shape[:2]} do not match value's "
                                 f"{value.shape[:2]}")
        b_q, b_k, b_v = (None, None, None) if in_proj_bias is None else in_proj_bias.chunk(3)
        q, k, v = linear(query, q_proj_weight, b_q), linear(key, k_proj_weight, b_k), linear(value, v_proj_weight, b_v)
    else:
        if tuple(key.shape) != tuple(value.shape):
            raise AssertionError(f"key shape {key.shape} does not match value shape {value.shape}")
        q, k, v = _in_projection_packed(query, key, value, in_proj_weight, in_proj_bias)
    if attn_mask is not None:
        if attn_mask.dim() == 2:
            if tuple(attn_mask.shape) != (tgt_len, src_len):
                raise RuntimeError(f"The shape of the 2D attn_mask is {attn_mask.shape}, but should be "
                                   f"{(tgt_len, src_len)}.")
            attn_mask = attn_mask.unsqueeze(0)
        elif tuple(attn_mask.shape) != (bsz * num_heads, tgt_len, src_len):
            raise RuntimeError(f"The shape of the 3D attn_mask is {attn_mask.shape}, but should be "
                               f"{(bsz * num_heads, tgt_len, src_len)}.")
    if bias_k is not None and bias_v is not None:
        k = cat([k, bias_k.repeat(1, bsz, 1)])
        v = cat([v, bias_v.repeat(1, bsz, 1)])
        attn_mask = None if attn_mask is None else _pad_last(attn_mask)
        key_padding_mask = None if key_padding_mask is None else _pad_last(key_padding_mask)
    q = q.view(tgt_len, bsz * num_heads, head_dim).transpose(0, 1)
    k = (k.view(k.shape[0], bsz * num_heads, head_dim).transpose(0, 1) if static_k is None else static_k)
    v = (v.view(v.shape[0], bsz * num_heads, head_dim).transpose(0, 1) if static_v is None else static_v)
    if add_zero_attn:
        k = cat([k, zeros(bsz * num_heads, 1, head_dim, dtype=k.dtype)], 1)
        v = cat([v, zeros(bsz * num_heads, 1, head_dim, dtype=v.dtype)], 1)
        attn_mask = None if attn_mask is None else _pad_last(attn_mask)
        key_padding_mask = None if key_padding_mask is None else _pad_last(key_padding_mask)
    src_len = k.shape[1]
    if key_padding_mask is not None:
        if key_padding_mask.shape[0] != bsz:
            raise AssertionError(f"Expected key_padded_mask.shape[0] to be {bsz}, but got {key_padding_mask.shape[0]}")
        if key_padding_mask.shape[1] != src_len:
            raise AssertionError(f"Expected key_padded_mask.shape[1] to be {src_len}, but got "
                                 f"{key_padding_mask.shape[1]}")
        key_padding_mask = key_padding_mask.view(bsz, 1, 1, src_len).expand(-1, num_heads, -1, -1).reshape(
            bsz * num_heads, 1, src_len)
        attn_mask = key_padding_mask if attn_mask is None else attn_mask + key_padding_mask
    if not training:
        dropout_p = 0.0
    if need_weights:
        q_scaled = q * math.sqrt(1.0 / float(q.shape[-1]))
        if attn_mask is not None:
            weights = attn_mask + q_scaled.bmm(k.transpose(-2, -1))  # PyTorch: baddbmm(attn_mask, q_scaled, k^T)
        else:
            weights = q_scaled.bmm(k.transpose(-2, -1))
        weights = softmax(weights, dim=-1)
        if dropout_p > 0.0:
            weights = dropout(weights, p=dropout_p)
        out = weights.bmm(v).transpose(0, 1).reshape(tgt_len * bsz, embed_dim)
        out = linear(out, out_proj_weight, out_proj_bias)
        out = out.view(tgt_len, bsz, out.shape[1])
        weights = weights.view(bsz, num_heads, tgt_len, src_len)
        if average_attn_weights:
            weights = weights.mean(dim=1)
        if not batched:
            out, weights = out.squeeze(1), weights.squeeze(0)
        return out, weights
    if attn_mask is not None:
        if attn_mask.shape[0] == 1 and attn_mask.dim() == 3:
            attn_mask = attn_mask.unsqueeze(0)
        else:
            attn_mask = attn_mask.view(bsz, num_heads, -1, src_len)
    q = q.view(bsz, num_heads, tgt_len, head_dim)
    k = k.view(bsz, num_heads, src_len, head_dim)
    v = v.view(bsz, num_heads, src_len, head_dim)
    out = scaled_dot_product_attention(q, k, v, attn_mask, dropout_p, is_causal)
    out = out.permute(2, 0, 1, 3).reshape(bsz * tgt_len, embed_dim)
    out = linear(out, out_proj_weight, out_proj_bias)
    out = out.view(tgt_len, bsz, out.shape[1])
    return (out if batched else out.squeeze(1)), None
