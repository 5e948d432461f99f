# out= on torch.linalg's functions: the result copied into out (a tuple of outs for tuple results),
# and the autograd error named after the ATen op (none for PyTorch's composites, which copy).
import torch

m = torch.tensor([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]])
a = torch.tensor([[1.0, 2.0, 3.0], [0.5, 0.0, 1.0]])
b = torch.tensor([[0.0, 1.0, 0.0], [1.0, 1.0, 1.0]])
calls = {
    "cholesky": (m,), "cholesky_ex": (m,), "cond": (m,), "cross": (a, b), "det": (m,), "eigvalsh": (m,),
    "inv": (m,), "inv_ex": (m,), "matmul": (m, m), "matrix_norm": (m,), "matrix_power": (m, 3), "matrix_rank": (m,),
    "multi_dot": ([m, m, m],), "norm": (m,), "pinv": (m,), "slogdet": (m,), "solve": (m, m[:, :1]), "solve_ex": (m, m[:, :1]),
    "svdvals": (m,), "vecdot": (a, b), "vector_norm": (a,), "tensorinv": (m, 1), "tensorsolve": (m, m[0]),
}
for name, args in calls.items():
    fn = getattr(torch.linalg, name)
    result = fn(*args)
    outs = tuple(torch.empty(0, dtype=r.dtype) for r in result) if isinstance(result, tuple) else torch.empty(0, dtype=result.dtype)
    written = fn(*args, out=outs)
    print(name, written is outs or all(w is o for w, o in zip(written, outs)), outs)
    grads = tuple([t.clone().requires_grad_() for t in x] if isinstance(x, list) else
                  x.clone().requires_grad_() if isinstance(x, torch.Tensor) else x for x in args)
    try:
        fn(*grads, out=outs)
        print("  from a graph:", outs if isinstance(outs, torch.Tensor) else outs[0])
    except RuntimeError as e:
        print("  RuntimeError:", e)
q, r = torch.empty(0), torch.empty(0)
print(torch.linalg.qr(m, out=(q, r)), q @ r)
for name in ["svd", "eigh", "slogdet", "inv_ex", "cholesky_ex"]:
    result = getattr(torch.linalg, name)(m)
    print(type(getattr(torch.linalg, name)(m, out=tuple(torch.empty(0, dtype=r.dtype) for r in result))).__name__)
