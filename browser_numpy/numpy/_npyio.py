"""Arrays to and from files, in numpy's formats (Pyodide has a file system, in memory): savetxt and
loadtxt (numpy's text layout, parsing rules and error messages), save and load (the .npy format,
version 1.0, little-endian: files numpy itself reads and writes), savez/savez_compressed (.npz: a
zip archive of .npy files) and load's NpzFile."""
import ast
import io
import struct
import zipfile
from collections.abc import Mapping
from array import array as _array

from . import _dtypes as D
from . import _functions as F
from ._core import _contiguous_strides, _new, _prod, asarray


def _open(fname, mode):
    """(file, whether we opened it): a path (gzip-compressed when it ends in .gz) or a file object."""
    if hasattr(fname, "read" if "r" in mode else "write"):
        return fname, False
    name = _path(fname)
    if name.endswith(".gz"):
        import gzip
        return gzip.open(name, mode + ("t" if "b" not in mode else "")), True
    return open(name, mode), True


def _path(fname):
    return str(fname.__fspath__() if hasattr(fname, "__fspath__") else fname)


# ---------------------------------------------------------------------------------------
# Text

def savetxt(fname, X, fmt="%.18e", delimiter=" ", newline="\n", header="", footer="", comments="# ",
            encoding=None):
    X = asarray(X)
    if X.ndim == 0 or X.ndim > 2:
        raise ValueError(f"Expected 1D or 2D array, got {X.ndim}D array instead")
    if X.ndim == 1:
        X = X.reshape(-1, 1)
    ncol = X.shape[1]
    if isinstance(fmt, (list, tuple)):
        if len(fmt) != ncol:
            raise AttributeError(f"fmt has wrong shape.  {fmt}")
        row_format = delimiter.join(fmt)
    elif isinstance(fmt, str):
        count = fmt.count("%")
        if count == 1:
            row_format = delimiter.join([fmt] * ncol)
        elif count != ncol:
            raise ValueError(f"fmt has wrong number of % formats:  {fmt}")
        else:
            row_format = fmt
    else:
        raise ValueError(f"invalid fmt: {fmt!r}")
    file, opened = _open(fname, "w")
    try:
        if header:
            file.write(comments + header.replace("\n", "\n" + comments) + newline)
        for row in X:
            try:
                file.write(row_format % tuple(row) + newline)
            except TypeError as error:
                raise TypeError(f"Mismatch between array dtype ('{X.dtype}') and format specifier "
                                f"('{row_format}')") from error
        if footer:
            file.write(comments + footer.replace("\n", "\n" + comments) + newline)
    finally:
        if opened:
            file.close()


def _parser(dt):
    """numpy's field parser for dtype dt: a float as C's strtod reads it (no '_' separators), an integer
    in the dtype's range."""
    if dt.kind == "f":
        cast = D.caster(dt)

        def parse(text):
            if "_" in text:
                raise ValueError
            return cast(float(text))
        return parse
    if dt.kind in "iu":
        low, high = D.int_range(dt)

        def parse(text):
            if "_" in text:
                raise ValueError
            value = int(text)
            if not low <= value <= high:
                raise ValueError
            return value
        return parse
    if dt.kind == "b":
        return lambda text: bool(int(text))
    raise NotImplementedError(f"numpy.loadtxt(dtype={dt}) is not available in the browser")


def loadtxt(fname, dtype=float, comments="#", delimiter=None, converters=None, skiprows=0, usecols=None,
            unpack=False, ndmin=0, encoding=None, max_rows=None, *, quotechar=None, like=None):
    if quotechar is not None:
        raise NotImplementedError("numpy.loadtxt(quotechar=) is not available in the browser")
    if ndmin not in (0, 1, 2):
        raise ValueError(f"Illegal value of ndmin keyword: {ndmin}")
    dt = D._as_dtype(dtype)
    parse = _parser(dt)
    markers = [] if comments is None else [comments] if isinstance(comments, str) else list(comments)
    if isinstance(fname, (list, tuple)):
        lines, opened, file = list(fname), False, None
    else:
        file, opened = _open(fname, "r")
        lines = file.read().splitlines()
    if opened:
        file.close()
    if isinstance(usecols, int):
        usecols = [usecols]
    converter = (lambda column: converters) if callable(converters) else (converters or {}).get
    rows = []
    ncols = None
    for line in lines[skiprows:]:
        if max_rows is not None and len(rows) >= max_rows:
            break
        if isinstance(line, bytes):
            line = line.decode("latin1")
        for marker in markers:
            line = line.split(marker, 1)[0]
        line = line.rstrip("\r\n")
        fields = line.split() if delimiter is None else line.split(delimiter)
        if delimiter is None and not fields or delimiter is not None and not line.strip():
            continue
        row_number = len(rows)
        if usecols is not None:
            picked = []
            for c in usecols:
                if not -len(fields) <= c < len(fields):
                    raise ValueError(f"invalid column index {c} at row {row_number + 1} with {len(fields)} columns")
                picked.append((c % len(fields), fields[c]))
        else:
            if ncols is not None and len(fields) != ncols:
                raise ValueError(f"the number of columns changed from {ncols} to {len(fields)} at row "
                                 f"{row_number + 1}; use `usecols` to select a subset and avoid this error")
            ncols = len(fields)
            picked = list(enumerate(fields))
        values = []
        for column, text in picked:
            try:
                if converter(column) is not None:
                    values.append(D.caster(dt)(converter(column)(text)))
                else:
                    values.append(parse(text.strip()))
            except (ValueError, OverflowError):
                raise ValueError(f"could not convert string {text!r} to {dt} at row {row_number}, column "
                                 f"{column + 1}.") from None
        rows.append(values)
    if not rows:
        result = F.empty((0,), dt)
    else:
        width = len(rows[0])
        result = asarray([v for row in rows for v in row], dt).reshape(len(rows), width)
    if result.ndim > ndmin:  # numpy's _ensure_ndmin_ndarray
        result = result.squeeze()
    if result.ndim < ndmin:
        result = F.atleast_1d(result) if ndmin == 1 else F.atleast_2d(result).T
    return result.T if unpack else result


# ---------------------------------------------------------------------------------------
# The .npy format

_MAGIC = b"\x93NUMPY"
_DESCR = {"bool": "|b1", "int8": "|i1", "uint8": "|u1", "int16": "<i2", "uint16": "<u2", "int32": "<i4",
          "uint32": "<u4", "int64": "<i8", "uint64": "<u8", "float16": "<f2", "float32": "<f4", "float64": "<f8"}
_FROM_DESCR = {v: k for k, v in _DESCR.items()} | {"<b1": "bool", "<i1": "int8", "<u1": "uint8"}
_STRUCT = {"float16": "e", "float32": "f"}  # (float16's buffer holds float32s; float32's is "f" already)


def save(file, arr, allow_pickle=True, fix_imports=None):
    arr = asarray(arr)
    if isinstance(file, str) and not file.endswith(".npy"):
        file += ".npy"
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %r, }" % (_DESCR[arr.dtype.name], arr.shape)
    header_len = len(header) + 1
    padding = 64 - (10 + header_len) % 64
    header = header + " " * padding + "\n"
    values = arr._values()
    if arr.dtype.name == "float16":
        data = struct.pack(f"<{len(values)}e", *values)
    else:
        data = _array(arr.dtype.typecode, values).tobytes()
        if struct.pack("=H", 1) != struct.pack("<H", 1):
            raise NotImplementedError("numpy.save on a big-endian machine is not available in the browser")
    f, opened = _open(file, "wb")
    try:
        f.write(_MAGIC + b"\x01\x00" + struct.pack("<H", len(header)) + header.encode("latin1") + data)
    finally:
        if opened:
            f.close()


def load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding="ASCII", *, max_header_size=10000):
    f, opened = _open(file, "rb")
    try:
        content = f.read()
    finally:
        if opened:
            f.close()
    if not content.startswith(_MAGIC):
        if content.startswith(b"PK"):
            return NpzFile(io.BytesIO(content), _path(file) if opened else None)
        raise ValueError("Cannot load file containing pickled data when allow_pickle=False")
    major = content[6]
    if major == 1:
        (header_len,), start = struct.unpack("<H", content[8:10]), 10
    else:
        (header_len,), start = struct.unpack("<I", content[8:12]), 12
    header = ast.literal_eval(content[start:start + header_len].decode("latin1"))
    descr = header["descr"]
    if descr not in _FROM_DESCR:
        raise NotImplementedError(f"numpy.load of dtype {descr!r} is not available in the browser")
    dt = D._DTYPES[_FROM_DESCR[descr]]
    shape = tuple(header["shape"])
    n = _prod(shape)
    data = content[start + header_len:]
    if dt.name == "float16":
        buf = _array("f", struct.unpack(f"<{n}e", data[:2 * n]))
    else:
        buf = _array(dt.typecode)
        buf.frombytes(data[:n * buf.itemsize])
    strides = _contiguous_strides(shape)
    if header["fortran_order"] and len(shape) > 1:
        strides = tuple(reversed(_contiguous_strides(tuple(reversed(shape)))))
        return _new(buf, 0, shape, strides, dt).copy()
    return _new(buf, 0, shape, strides, dt)



def savez(file, *args, allow_pickle=True, **kwds):
    _savez(file, args, kwds, zipfile.ZIP_STORED)


def savez_compressed(file, *args, allow_pickle=True, **kwds):
    _savez(file, args, kwds, zipfile.ZIP_DEFLATED)


def _savez(file, args, kwds, compression):
    """numpy's: the keyword arrays, then arr_0, arr_1, ... for the others, each as NAME.npy in a zip archive."""
    if isinstance(file, str) and not file.endswith(".npz"):
        file += ".npz"
    arrays = dict(kwds)
    for i, value in enumerate(args):
        key = f"arr_{i}"
        if key in arrays:
            raise ValueError(f"Cannot use un-named variables and keyword {key}")
        arrays[key] = value
    with zipfile.ZipFile(file, mode="w", compression=compression, allowZip64=True) as archive:
        for key, value in arrays.items():
            data = io.BytesIO()
            save(data, value)
            archive.writestr(key + ".npy", data.getvalue())


class NpzFile(Mapping):
    """What load returns for an .npz archive: its arrays by name (with or without .npy), read when asked for."""

    def __init__(self, fid, filename=None):
        self.zip = zipfile.ZipFile(fid)
        names = self.zip.namelist()
        self.files = [name.removesuffix(".npy") for name in names]
        self._files = dict(zip(self.files, names)) | dict(zip(names, names))
        self._filename = filename if filename is not None else "object"
        self.f = _Attributes(self)

    def __getitem__(self, key):
        try:
            member = self._files[key]
        except KeyError:
            raise KeyError(f"{key} is not a file in the archive") from None
        content = self.zip.read(member)
        return load(io.BytesIO(content)) if content.startswith(_MAGIC) else content

    def __iter__(self):
        return iter(self.files)

    def __len__(self):
        return len(self.files)

    def __contains__(self, key):
        return key in self._files

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def close(self):
        self.zip.close()

    def __repr__(self):
        names = ", ".join(self.files[:5]) + ("..." if len(self.files) > 5 else "")
        return f"NpzFile {self._filename!r} with keys: {names}"


NpzFile.__module__ = "numpy.lib.npyio"


class _Attributes:
    """npz.f.name: an archive's arrays as attributes."""

    def __init__(self, archive):
        self._archive = archive

    def __getattr__(self, key):
        try:
            return self._archive[key]
        except KeyError:
            raise AttributeError(key) from None
