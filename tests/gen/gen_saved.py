"""Record what real PyTorch's autograd nodes save: the golden file for tests/engine/test_saved_values.py.

    .venv/bin/python tests/gen/gen_saved.py          # rewrites tests/golden/saved.json

Run it with real torch (2.13.0), never with pyengine/ on sys.path. The calls are every op our
engine declares with a public form (its arguments made from real PyTorch's ATen schema of the op,
asked of our engine's registry in a subprocess), plus calls written here: the nn.functional losses
and norms, indexing and index_put, and overloads with optional arguments (alpha, weight ...).
For each call's grad_fn it stores the sorted ``_saved_*`` and ``_raw_saved_*`` names, each saved
value (repr, or shape/dtype/which tensor it is for a tensor) and, in order, the tensors a
``saved_tensors_hooks`` pack hook is given. ``record`` runs the same way under our engine.

Exit status 3 means real torch is not importable.
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
GOLDEN = os.path.join(ROOT, "tests", "golden", "saved.json")

# Every call starts from these tensors (all float32 but the index and target ones), made the same
# way under both engines.
SETUP = """
def _t(shape, grad=True, scale=1.0):
    n = 1
    for s in shape:
        n *= s
    v = torch.tensor([((i * 7) % 11 + 1) / 12 * scale for i in range(n)]).reshape(shape)
    return v.requires_grad_() if grad else v
a = _t((3, 4)); b = _t((3, 4), scale=0.5); c = _t((3, 4), scale=0.25)
s = _t((3, 3)); s2 = _t((3, 3), scale=0.5); v3 = _t((3,)); v4 = _t((4,)); w43 = _t((4, 3))
x4 = _t((2, 3, 4, 4)); k = _t((2, 3, 2, 2)); x3 = _t((2, 3, 5)); k1 = _t((4, 3, 2))
bn_w = _t((3,)); bn_b = _t((3,), scale=0.5); ln_w = _t((4,)); ln_b = _t((4,), scale=0.5)
rm = torch.zeros(3); rv = torch.ones(3)
idx = torch.tensor([2, 0]); idx2 = torch.tensor([1, 3]); mask = a.detach() > 0.5
gidx = torch.tensor([[0, 1, 2, 0], [2, 1, 0, 1], [1, 0, 0, 2]]); tgt = torch.tensor([1, 0, 3])
prob = _t((3, 4), grad=False, scale=0.9)
"""

# Calls our op registry does not reach with schema-made arguments, and optional arguments.
CASES = [
    "a + b", "torch.add(a, b, alpha=2)", "torch.add(a, 2.0, alpha=3)", "a - b", "torch.sub(a, b, alpha=2)",
    "torch.sub(a, 2.0, alpha=3)", "torch.rsub(a, b, alpha=2)", "a * b", "a * 3", "a / b", "a / 3",
    "torch.div(a, b, rounding_mode='floor')", "torch.div(a, b, rounding_mode='trunc')",
    "torch.div(a, 2.0, rounding_mode='floor')", "a ** b", "a ** 2", "2.0 ** a", "torch.pow(2.0, a)",
    "torch.ldexp(a, torch.tensor([1, 2, 0, 3]))", "torch.ldexp(a, b)",
    "torch.addcmul(a, b, c, value=2)", "torch.addcdiv(a, b, c, value=2)", "torch.lerp(a, b, 0.3)",
    "torch.lerp(a, b, c)", "torch.clamp(a, 0.2, 0.6)", "torch.clamp(a, b, c)", "torch.where(mask, a, b)",
    "torch.addmm(s, a, w43, beta=2, alpha=3)", "torch.mm(a, w43)", "a @ w43", "torch.mv(a, v4)",
    "torch.matmul(v4, w43)", "torch.bmm(x3, x3.transpose(1, 2))", "torch.dot(v4, v4)",
    "a.sum()", "a.sum(1)", "a.sum(1, keepdim=True)", "a.mean()", "a.mean(0)", "a.prod()", "a.prod(1)",
    "a.std()", "a.var(1)", "a.norm()", "a.norm(p=1, dim=1)", "a.max()", "a.max(1).values", "a.amax(1)",
    "a.logsumexp(1)", "a.cumsum(1)", "a.cumprod(1)", "a.softmax(1)", "a.log_softmax(1)",
    "a.view(4, 3)", "a.reshape(12)", "a.t()", "a.transpose(0, 1)", "a.permute(1, 0)", "a.unsqueeze(0)",
    "a.squeeze()", "a.expand(2, 3, 4)", "a.repeat(2, 1)", "a.flip(0)", "a.roll(1, 1)", "a.narrow(1, 1, 2)",
    "a.select(0, 1)", "a.unfold(1, 2, 1)", "torch.cat([a, b])", "torch.stack([a, b])", "a.split(2, 1)[0]",
    "a.chunk(2)[0]", "a.unbind(0)[0]", "a.diagonal()", "torch.diag(v3)", "a.tril()", "a.triu(1)",
    # indexing and index_put
    "a[0]", "a[1:3]", "a[:, 1]", "a[idx]", "a[idx, idx2]", "a[:, idx2]", "a[mask]", "a[None, 0]",
    "a.index_select(1, idx2)", "a.gather(1, gidx)", "a.masked_fill(mask, 0.0)", "a.masked_select(mask)",
    "a.take(idx)", "a.scatter(1, gidx, b)", "a.scatter_add(1, gidx, b)", "a.index_add(0, idx, b[:2])",
    "torch.index_put(a, (idx,), b[:2])", "torch.index_put(a, (idx, idx2), v3[:2], accumulate=True)",
    "a.clone().index_put_((idx,), b[:2])",
    "_c = a.clone(); _c[idx] = b[:2]; _c", "_c = a.clone(); _c[mask] = 0.0; _c",
    "_c = a.clone(); _c[0, 1] = c[0, 0]; _c",
    # losses
    "F.nll_loss(a.log_softmax(1), tgt)", "F.nll_loss(a.log_softmax(1), tgt, weight=ln_w.detach())",
    "F.nll_loss(a.log_softmax(1), tgt, reduction='sum')", "F.nll_loss(a.log_softmax(1), tgt, reduction='none')",
    "F.nll_loss(a.log_softmax(1), tgt, ignore_index=0)",
    "F.cross_entropy(a, tgt)", "F.cross_entropy(a, tgt, weight=ln_w.detach())",
    "F.cross_entropy(a, tgt, reduction='none')", "F.cross_entropy(a, tgt, label_smoothing=0.1)",
    "F.cross_entropy(a, prob)", "F.mse_loss(a, b)", "F.mse_loss(a, b, reduction='sum')", "F.l1_loss(a, b)",
    "F.smooth_l1_loss(a, b)", "F.huber_loss(a, b, delta=0.5)", "F.binary_cross_entropy(prob, b.detach())",
    "F.binary_cross_entropy(a.sigmoid(), prob, weight=b.detach())",
    "F.binary_cross_entropy_with_logits(a, prob)",
    "F.binary_cross_entropy_with_logits(a, prob, weight=b.detach(), pos_weight=ln_w.detach())",
    "F.kl_div(a.log_softmax(1), prob, reduction='batchmean')", "F.soft_margin_loss(a, b.detach())",
    "F.margin_ranking_loss(v3, v3 * 2, torch.tensor([1.0, -1.0, 1.0]))",
    "F.cosine_similarity(a, b)", "F.poisson_nll_loss(a, b)", "F.gaussian_nll_loss(a, b, c)",
    # norms and layers
    "F.layer_norm(a, (4,))", "F.layer_norm(a, (4,), ln_w, ln_b)", "F.layer_norm(a, (4,), ln_w)",
    "F.layer_norm(x4, (4, 4))", "F.rms_norm(a, (4,))", "F.rms_norm(a, (4,), ln_w)",
    "F.batch_norm(x4, rm.clone(), rv.clone(), bn_w, bn_b, training=True)",
    "F.batch_norm(x4, None, None, training=True)",
    "F.batch_norm(x4, rm.clone(), rv.clone(), bn_w, bn_b, training=False)",
    "F.batch_norm(x3, rm.clone(), rv.clone(), training=True)",
    "F.group_norm(x4, 3, bn_w, bn_b)", "F.instance_norm(x4)", "F.normalize(a)",
    "F.linear(a, s2[:, :1].expand(3, 4).contiguous())", "F.linear(a, w43.t(), v3)",
    "F.conv1d(x3, k1)", "F.conv2d(x4, k)", "F.conv2d(x4, k, ln_b[:2], stride=2, padding=1)",
    "F.max_pool2d(x4, 2)", "F.avg_pool2d(x4, 2)", "F.adaptive_avg_pool2d(x4, 1)", "F.embedding(idx, a)",
    "F.relu(a)", "F.leaky_relu(a, 0.2)", "F.elu(a)", "F.gelu(a)", "F.gelu(a, approximate='tanh')",
    "F.silu(a)", "F.softplus(a)", "F.hardtanh(a)", "F.mish(a)", "F.dropout(a, 0.0)", "F.pad(a, (1, 1))",
    "F.softmax(a, 1)", "F.glu(a)", "F.logsigmoid(a)", "F.prelu(a, v4[:1])",
    # ops with several outputs, and what the schema-made calls do not reach
    "a.topk(2).values", "a.sort(1).values", "a.kthvalue(2, 1).values", "a.median(1).values", "a.median()",
    "a.nanmedian(1).values", "a.nanmedian()", "a.mode(1).values", "a.cummax(1).values", "a.cummin(1).values",
    "torch.aminmax(a, dim=1).min", "a.amin(1)", "a.min(1).values", "a.min()", "torch.clamp_min(a, 0.3)",
    "torch.clamp_min(a, b)", "torch.clamp_max(a, 0.3)", "torch.clamp_max(a, b)", "torch.copysign(a, b)",
    "torch.copysign(a, -1.0)", "torch.xlogy(a, b)", "torch.xlogy(2.0, a)", "torch.xlogy(a, 2.0)",
    "torch.special.xlog1py(a, b)", "torch.special.xlog1py(2.0, a)", "torch.special.xlog1py(a, 2.0)",
    "torch.special.zeta(a + 1, b)", "torch.special.zeta(2.0, a)", "torch.special.zeta(a + 1, 2.0)",
    "torch.remainder(a, b)", "torch.remainder(a, 0.3)", "a.round()", "a.round(decimals=1)", "a.logit()",
    "a.logit(eps=0.1)", "a.nan_to_num()", "a.norm(p=3)", "a.norm(p=3, dim=1)", "torch.dist(a, b)",
    "torch.cdist(a, b)", "F.pdist(a)", "s.trace()", "a.rot90()", "a.index_copy(0, idx, b[:2])",
    "a.index_fill(1, idx2, 0.5)", "a.index_fill(1, idx2, v3[0])", "a.masked_scatter(mask, b)",
    "a.scatter(1, gidx, 0.5)", "a.scatter_reduce(1, gidx, b, 'amax')", "a.logcumsumexp(1)", "a.nansum()",
    "torch.linalg.det(s)", "torch.linalg.inv(s + torch.eye(3))", "torch.linalg.cholesky(s @ s.mT + torch.eye(3))",
    "torch.linalg.qr(s).Q", "torch.linalg.svd(s).S", "torch.linalg.eigh(s + s.mT).eigenvalues",
    "torch.linalg.solve(s + torch.eye(3), v3)", "torch.linalg.lstsq(a, s).solution", "torch.linalg.lu(s).U",
    "torch.linalg.lu_factor(s).LU", "torch.linalg.pinv(a)", "torch.linalg.slogdet(s).logabsdet",
    "torch.linalg.matrix_exp(s)", "torch.linalg.cross(s, s2)", "torch.linalg.solve_triangular(s.triu() + torch.eye(3), s2, upper=True)",
    "torch.triangular_solve(s2, s.triu() + torch.eye(3)).solution", "torch.cholesky_solve(s2, s.tril() + torch.eye(3))",
    "torch.cholesky_inverse(s.tril() + torch.eye(3))", "torch.linalg.householder_product(a.mT, v3)",
    "torch.addbmm(s, x3[:, :, :3].transpose(1, 2), x3[:, :, :3])", "torch.addmv(v3, a, v4)", "torch.addr(a, v3, v4)",
    "torch.baddbmm(x3[:, :, :3], x3[:, :, :3], x3[:, :, :3])", "torch.vdot(v4, v4)", "torch.block_diag(a, s)",
    "a.unsqueeze(0).squeeze(0)", "a.unsqueeze(0).squeeze((0, 1))", "v3.t()", "a.transpose(1, 0)",
    "a.clone().unsqueeze_(0)", "a.to(torch.float64)", "a.clone().fill_(2.0)", "a.clone().fill_(v3[0])",
    "a.clone().zero_()", "a.clone().copy_(b)", "a.as_strided((2, 2), (1, 2))", "a.renorm(2, 0, 1.0)",
    "torch.polygamma(1, a)", "torch.mvlgamma(a + 2, 2)", "torch.special.entr(a)", "torch.special.erfcx(a)",
    "torch.special.i0e(a)", "torch.special.i1(a)", "torch.special.i1e(a)", "torch.special.log_ndtr(a)",
    "torch.special.ndtri(prob * a)", "torch.diagonal(a, 0, 0, 1)", "a.split([1, 3], 1)[1]", "a.var(1, correction=0)",
    "a.std(1)", "torch.linalg.vector_norm(a, 3)", "torch.linalg.matrix_norm(s)", "a.mul(2.5)", "torch.rsub(a, 2.0)",
]


def cases_from_registry():
    """Calls of every op our engine declares with a derivative and a public form: its ATen schema
    (real PyTorch's) gives the arguments."""
    import torch
    listing = subprocess.run(
        [sys.executable, "-c", "import torch\nfrom torch.autograd.derivatives import TABLE, DECLARED\n"
         "forms = {d.derivative.name: d.forms for d in DECLARED if getattr(d, 'derivative', None)}\n"
         "for d in TABLE.values():\n    print(d.op_name or d.name, *forms.get(d.name, ()))"],
        env={**os.environ, "PYTHONPATH": os.path.join(ROOT, "pyengine")}, capture_output=True, text=True, check=True)
    calls = []
    for line in listing.stdout.splitlines():
        op_name, *forms = line.split()
        base, _, overload = op_name.partition(".")
        packet = getattr(torch.ops.aten, base, None)
        schema_op = packet is not None and getattr(packet, overload or "default", None)
        if not schema_op:
            continue
        args = []
        for arg in schema_op._schema.arguments:
            if arg.kwarg_only or arg.has_default_value():
                break
            typ, name = str(arg.type), arg.name
            if typ == "Tensor":
                args.append({"self": "a", "other": "b"}.get(name, "gidx" if "index" in name else "c"))
            elif typ in ("int", "SymInt"):
                args.append("1")
            elif typ in ("float", "number", "Scalar"):
                args.append("0.5")
            elif typ == "bool":
                args.append("False")
            elif typ.startswith("List[int]") or typ.startswith("Optional[List[int]]"):
                args.append("[1]")
            elif typ == "List[Tensor]":
                args.append("[a, b]")
            elif typ.startswith("Optional"):
                args.append("None")
            else:
                args = None
                break
        if args is None:
            continue
        for form in forms:
            owner, _, fname = form.partition(".")
            if fname.startswith("__") or fname.endswith("_"):
                continue
            if owner == "torch":
                calls.append(f"torch.{fname}({', '.join(args)})")
            elif owner == "Tensor" and args and args[0] == "a":
                calls.append(f"a.{fname}({', '.join(args[1:])})")
            else:
                continue
            break
    return calls


def _storage_of(t):
    return t.untyped_storage().data_ptr() if hasattr(t, "untyped_storage") else id(t._storage)


def describe(value, tensors, result):
    """A saved value as text: a tensor by shape, dtype and which of the call's tensors it is."""
    import torch
    if isinstance(value, torch.Tensor):
        return f"Tensor{list(value.shape)} {str(value.dtype).replace('torch.', '')} {role(value, tensors, result)}"
    if isinstance(value, (list, tuple)) and any(isinstance(v, torch.Tensor) for v in value):
        return "[" + ", ".join(describe(v, tensors, result) for v in value) + "]"
    if type(value).__name__ == "SavedTensor":
        return "SavedTensor"
    return repr(value)


def role(t, tensors, result):
    """Which tensor of the call ``t`` is: an input by name, ``result`` (``result1`` ... of several),
    or ``other`` (made inside the op)."""
    outputs = result if isinstance(result, (tuple, list)) else (result,)
    for name, u in tensors.items():
        if t is u:
            return name
    for nr, o in enumerate(outputs):
        if hasattr(o, "shape") and t is o or (hasattr(o, "shape") and t.shape == o.shape and t.dtype == o.dtype
                                               and _storage_of(t) == _storage_of(o)):
            return "result" if len(outputs) == 1 else f"result{nr}"
    for name, u in tensors.items():
        if t.shape == u.shape and t.dtype == u.dtype and _storage_of(t) == _storage_of(u):
            return name
    return "other"


def record(torch, F, call):
    """What ``call``'s grad_fn saves, as stored in the golden file (None when it has no grad_fn)."""
    namespace = {"torch": torch, "F": F}
    exec(SETUP, namespace)
    tensors = {k: v for k, v in namespace.items() if isinstance(v, torch.Tensor)}
    packed = []

    def pack(t):
        packed.append(t)
        return t

    statements, _, expression = call.rpartition(";")
    with torch.autograd.graph.saved_tensors_hooks(pack, lambda t: t):
        exec(statements, namespace)
        result = eval(expression, namespace)
    outputs = result if isinstance(result, (tuple, list)) else (result,)
    node = next((o.grad_fn for o in outputs if isinstance(o, torch.Tensor) and o.grad_fn is not None), None)
    if node is None:
        return None
    if "_c" in namespace:
        tensors["_c"] = namespace["_c"]
    entry = {"node": type(node).__name__,
             "packs": [describe(t, tensors, result) for t in packed],
             "saved": {}}
    names = sorted(n for n in dir(node) if n.startswith("_saved_") or n.startswith("_raw_saved_"))
    entry["names"] = names
    for n in names:
        if n.startswith("_saved_"):
            try:
                entry["saved"][n] = describe(getattr(node, n), tensors, result)
            except Exception as e:  # noqa: BLE001  (what a program reading it would see)
                entry["saved"][n] = f"{type(e).__name__}: {e}"
    return entry


def main():
    try:
        import torch
        import torch.nn.functional as F
    except ImportError:
        sys.exit(3)
    assert torch.__version__.startswith("2.13"), torch.__version__
    torch.manual_seed(0)
    recorded = {}
    for call in CASES + cases_from_registry():
        if call in recorded:
            continue
        try:
            entry = record(torch, F, call)
        except Exception as e:  # noqa: BLE001  (a schema-made call real torch rejects: not a case)
            if call in CASES:
                raise RuntimeError(f"{call}: {e}") from e
            continue
        if entry is not None or call in CASES:  # (a written call may have no grad_fn: null)
            recorded[call] = entry
    with open(GOLDEN, "w") as f:
        json.dump({"setup": SETUP, "cases": recorded}, f, indent=1, sort_keys=True)
        f.write("\n")
    print(f"{len(recorded)} calls recorded in {os.path.relpath(GOLDEN, ROOT)}")


if __name__ == "__main__":
    main()
