"""torch.return_types: the named tuples of ops that return (values, indices) and friends."""


_FIELDS = {}  # name -> fields of every named tuple made here


def _make(name, fields):
    _FIELDS[name] = fields

    def __new__(cls, values):
        return tuple.__new__(cls, values)

    def __repr__(self):
        parts = ",\n".join(f"{f}={v!r}" for f, v in zip(fields, self))
        return f"torch.return_types.{name}(\n{parts})"

    namespace = {"__new__": __new__, "__repr__": __repr__, "__str__": __repr__, "__slots__": (),
                 "n_fields": len(fields), "n_sequence_fields": len(fields), "__module__": "torch.return_types",
                 "__reduce__": lambda self: (type(self), (tuple(self),))}
    for i, f in enumerate(fields):
        namespace[f] = property(lambda self, i=i: tuple.__getitem__(self, i))
    return type(name, (tuple,), namespace)


_VALUES_INDICES = ("max", "min", "median", "nanmedian", "mode", "sort", "topk", "kthvalue", "cummax",
                   "cummin", "aminmax")
for _name in _VALUES_INDICES:
    globals()[_name] = _make(_name, ("min", "max") if _name == "aminmax" else ("values", "indices"))
del _name

histogram = _make("histogram", ("hist", "bin_edges"))
histogramdd = _make("histogramdd", ("hist", "bin_edges"))
frexp = _make("frexp", ("mantissa", "exponent"))
linalg_qr = _make("linalg_qr", ("Q", "R"))
qr = _make("qr", ("Q", "R"))
linalg_eigh = _make("linalg_eigh", ("eigenvalues", "eigenvectors"))
linalg_svd = _make("linalg_svd", ("U", "S", "Vh"))
svd = _make("svd", ("U", "S", "V"))
triangular_solve = _make("triangular_solve", ("solution", "cloned_coefficient"))
linalg_solve_ex = _make("linalg_solve_ex", ("result", "info"))
linalg_lstsq = _make("linalg_lstsq", ("solution", "residuals", "rank", "singular_values"))
linalg_slogdet = _make("linalg_slogdet", ("sign", "logabsdet"))
slogdet = _make("slogdet", ("sign", "logabsdet"))
linalg_cholesky_ex = _make("linalg_cholesky_ex", ("L", "info"))
linalg_inv_ex = _make("linalg_inv_ex", ("inverse", "info"))
# the LU, LDL and packed-QR factorisations
_FACTORISATIONS = {"linalg_lu_factor": ("LU", "pivots"), "linalg_lu_factor_ex": ("LU", "pivots", "info"),
                   "lu_unpack": ("P", "L", "U"), "linalg_lu": ("P", "L", "U"), "geqrf": ("a", "tau"),
                   "linalg_ldl_factor": ("LD", "pivots"), "linalg_ldl_factor_ex": ("LD", "pivots", "info")}
for _name, _fields in _FACTORISATIONS.items():
    globals()[_name] = _make(_name, _fields)
# what an out= call returns: each one's twin (torch.max(x, 0, out=(v, i)) is a torch.return_types.max_out)
for _name, _fields in list(_FIELDS.items()):
    globals()[_name + "_out"] = _make(_name + "_out", _fields)
del _name, _fields
