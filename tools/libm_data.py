"""glibc's float64 log table, read out of the binaries already installed, written to
pyengine/torch/_libm_data.py for torch/_libm.py's glibc_log.

    .venv/bin/python tools/libm_data.py           # rewrite the module
    .venv/bin/python tools/libm_data.py --check   # exit 1 if it is not current

glibc's log (since 2.28) is ARM's optimized-routines log, and so is musl's: both ship the same
table, `__log_data` (musl under the MIT licence, src/math/log_data.c). Pyodide's libm is
emscripten's musl, so node_modules/pyodide/pyodide.asm.wasm holds it in its data section, and the
host's libm.so.6 (glibc) in its .rodata. The table is found by its first two numbers, ln2 split in
two, and its layout checked (the same two numbers open pow's table, whose layout differs); both
binaries must hold the same bits, else the tool stops. Nothing is fetched from the network.

The layout (struct log_data): ln2hi, ln2lo, poly[5], poly1[11], tab[128] {invc, logc},
tab2[128] {chi, clo}. glibc's FMA build (the one x86-64 CPUs with FMA run) uses all but tab2.
"""
import math
import os
import struct
import sys

from generated_file import write_or_check  # tools/ is on sys.path: run as a script or by the tests' loader

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WASM = os.path.join(ROOT, "node_modules", "pyodide", "pyodide.asm.wasm")
MODULE = os.path.join(ROOT, "pyengine", "torch", "_libm_data.py")
HEADER = struct.pack("<dd", float.fromhex("0x1.62e42fefa3800p-1"), float.fromhex("0x1.ef35793c76730p-45"))
TABLE = 128
DOUBLES = 2 + 5 + 11 + 2 * TABLE + 2 * TABLE


def _leb128(data, pos):
    """An unsigned LEB128 number at pos: (value, the position after it)."""
    value = shift = 0
    while True:
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, pos


def wasm_data_segments(data):
    """The bytes of each segment of a WebAssembly module's data section (section 11)."""
    if data[:4] != b"\0asm":
        raise ValueError("not a WebAssembly module")
    pos, segments = 8, []
    while pos < len(data):
        section, size_at = data[pos], pos + 1
        size, pos = _leb128(data, size_at)
        end = pos + size
        if section == 11:
            count, pos = _leb128(data, pos)
            for _ in range(count):
                flags, pos = _leb128(data, pos)
                if flags == 2:
                    _, pos = _leb128(data, pos)  # memory index
                if flags != 1:  # active: an offset expression ending in `end` (0x0b)
                    pos = data.index(b"\x0b", pos) + 1
                length, pos = _leb128(data, pos)
                segments.append(data[pos:pos + length])
                pos += length
        pos = end
    return segments


def elf_rodata(data):
    """The bytes of a 64-bit little-endian ELF file's .rodata section."""
    if data[:4] != b"\x7fELF" or data[4] != 2 or data[5] != 1:
        raise ValueError("not a 64-bit little-endian ELF file")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)

    def section(i):  # (name offset, file offset, size)
        base = shoff + i * shentsize
        return struct.unpack_from("<I", data, base)[0], *struct.unpack_from("<QQ", data, base + 0x18)
    names_at = section(shstrndx)[1]
    for i in range(shnum):
        name, offset, size = section(i)
        if data[names_at + name:data.index(b"\0", names_at + name)] == b".rodata":
            return [data[offset:offset + size]]
    raise ValueError("no .rodata section")


def log_tables(blobs):
    """Every copy of __log_data found in blobs, as a tuple of its doubles (layout checked)."""
    found = []
    for blob in blobs:
        at = blob.find(HEADER)
        while at >= 0:
            values = struct.unpack_from(f"<{DOUBLES}d", blob, at) if at + 8 * DOUBLES <= len(blob) else ()
            if values and _is_log_data(values):
                found.append(values)
            at = blob.find(HEADER, at + 1)
    return found


def _is_log_data(values):
    """poly1[0] is -1/2; each tab entry is (1/c, log c) and each tab2 entry (c, c's remainder) for
    ascending c in [0x1.6p-1, 0x1.6p0), one per subinterval."""
    poly1, tab, tab2 = values[7], values[18:18 + 2 * TABLE], values[18 + 2 * TABLE:]
    lowest, highest = float.fromhex("0x1.6p-1"), float.fromhex("0x1.6p0")
    chis = tab2[0::2]
    return (poly1 == -0.5 and all(lowest <= a < b < highest for a, b in zip(chis, chis[1:]))
            and all(abs(tab[2 * i] * chis[i] - 1) < 2.0 ** -40 and abs(tab[2 * i + 1] - math.log(chis[i])) < 2.0 ** -40
                    and abs(tab2[2 * i + 1]) < 2.0 ** -50 for i in range(TABLE)))


def _libm_path():
    """The glibc libm this process maps (math's), else the usual place."""
    import ctypes
    ctypes.CDLL("libm.so.6")
    with open("/proc/self/maps") as maps:
        for line in maps:
            path = line.split()[-1]
            if os.path.basename(path) == "libm.so.6":
                return path
    return "/lib/x86_64-linux-gnu/libm.so.6"


def read_table():
    """The one __log_data both binaries hold."""
    copies = {}
    for path, sections in ((WASM, wasm_data_segments), (_libm_path(), elf_rodata)):
        with open(path, "rb") as f:
            tables = log_tables(sections(f.read()))
        if len(tables) != 1:
            raise SystemExit(f"{path}: {len(tables)} copies of __log_data found, expected 1")
        copies[path] = tables[0]
    first, second = copies.values()
    if first != second:
        raise SystemExit("the two binaries' __log_data differ: " + ", ".join(copies))
    return first


def _rows(values, per_row, indent="    "):
    return "".join(indent + " ".join(f'"{v.hex()}",' for v in values[i:i + per_row]) + "\n"
                   for i in range(0, len(values), per_row))


def module_text(values):
    poly, poly1, tab = values[2:7], values[7:18], values[18:18 + 2 * TABLE]
    return (
        '"""glibc\'s float64 log table (__log_data), the part its FMA build reads: generated by\n'
        'tools/libm_data.py from Pyodide\'s libm (musl) and the host\'s glibc, which hold the same bits."""\n'
        "# From ARM's optimized-routines, as musl ships it (src/math/log_data.c, MIT licence).\n"
        f'LN2_HI, LN2_LO = float.fromhex("{values[0].hex()}"), float.fromhex("{values[1].hex()}")\n'
        "# log1p(r) - r on the 128 subintervals: r**2 * (A0 + r A1 + r**2 A2 + r**3 A3 + r**4 A4)\n"
        "POLY = tuple(map(float.fromhex, (\n" + _rows(poly, 3) + ")))\n"
        "# log(1 + r) - r near 1: r**2 * (B0 + r B1 + ... + r**10 B10)\n"
        "POLY1 = tuple(map(float.fromhex, (\n" + _rows(poly1, 3) + ")))\n"
        "# (1/c, log c) for c near the middle of each of the 128 subintervals of [0x1.6p-1, 0x1.6p0)\n"
        "_TAB = tuple(map(float.fromhex, (\n" + _rows(tab, 2) + ")))\n"
        "INVC_LOGC = tuple(zip(_TAB[0::2], _TAB[1::2]))\n"
    )


def main(argv):
    return write_or_check(MODULE, module_text(read_table()), argv, "tools/libm_data.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
