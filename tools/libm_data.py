"""glibc's float64 log, exp, pow, atan, asin and tan tables, read out of the binaries already
installed, written to pyengine/torch/_libm_data.py for torch/_libm.py's glibc_log, glibc_exp,
glibc_pow, glibc_atan, glibc_atan2, glibc_asin, glibc_acos and glibc_tan.

    .venv/bin/python tools/libm_data.py           # rewrite the module
    .venv/bin/python tools/libm_data.py --check   # exit 1 if it is not current

glibc's log, exp and pow (since 2.28) are ARM's optimized-routines ones, and so are musl's: both
ship the same tables, `__log_data`, `__exp_data` and `__pow_log_data` (musl under the MIT
licence, src/math/log_data.c, exp_data.c, pow_data.c). Pyodide's libm is emscripten's musl, so
node_modules/pyodide/pyodide.asm.wasm holds them in its data section, and the host's libm.so.6
(glibc) in its .rodata. Each is found by its first numbers and its content checked against what
it approximates; both binaries must hold the same bits, else the tool stops. Nothing is fetched
from the network.

__log_data: ln2hi, ln2lo, poly[5], poly1[11], tab[128] {invc, logc}, tab2[128] {chi, clo} (the
same two numbers open __pow_log_data: ln2hi, ln2lo, poly[7], tab[128] {invc, pad, logc,
logctail}). glibc's FMA build (the one x86-64 CPUs with FMA run) uses all but tab2 and pad. __exp_data: N/ln2, -ln2/N in two parts, poly[4] and the shift
1.5 * 2**52 (in an order that differs between musl and glibc 2.36), then tab[256]: for each
i < 128, the bits of 2**(i/128)'s tail and of its scale less i << 45.

atan's cij[241][7] (IBM's Accurate Mathematical Library, sysdeps/ieee754/dbl-64/uatan.tbl, LGPL
2.1+ as the rest of glibc; atan and atan2 read it), asin's asncs.x[2568] (asincos.tbl; asin and
acos), inroot[128] (root.tbl) and tan's xfg[186][4] (utan.tbl) are glibc's alone: read out of
the host's libm.so.6 (one copy per ifunc variant, all alike), found by their first numbers and
checked: cij for 241 points x0 in (1/16, 1), atan(x0) and the coefficients of a polynomial in
x - x0 (near atan's Taylor coefficients about x0); asncs's rows for x0 in [1/8, 3/4): x0,
1/sqrt(1 - x0**2) (the first derivative), ... and asin(x0); inroot, 1/sqrt of 128 points in
[1/2, 2); xfg, for 186 points x0 near i/256 (i = 16..201), tan x0, cot x0 and a correction
(which tan no longer reads).
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
POW_DOUBLES = 2 + 7 + 4 * TABLE
EXP_INV_LN2_N = struct.pack("<d", float.fromhex("0x1.71547652b82fep7"))
EXP_SHIFT = float.fromhex("0x1.8p52")
EXP_TAB_START = struct.pack("<QQQ", 0, 0x3FF0000000000000, 0x3C9B3B4F1A88BF6E)
ATAN_ROWS, ATAN_START = 241, struct.pack("<QQ", 0x3FB0400665E0244E, 0x3FB03A737B53DD20)
ASNCS_DOUBLES, ASNCS_START = 2568, struct.pack("<QQ", 0x3FC0400000000000, 0x3FF0216988994424)
INROOT_START = struct.pack("<dd", 1.40872145012100, 1.39792649065766)
TAN_ROWS, TAN_START = 186, struct.pack("<QQ", 0x3FB000001E519D60, 0x3FB0055796C4E240)


def _sleb128(data, pos):
    """A signed LEB128 number at pos: (value, the position after it)."""
    value, end = _leb128(data, pos)
    bits = 7 * (end - pos)
    return (value - (1 << bits) if value >> (bits - 1) & 1 else value), end


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


def wasm_memory(data):
    """A WebAssembly module's initial linear memory: its active data segments at their offsets (the
    optimizer splits segments at runs of zeros, so a table can span several)."""
    if data[:4] != b"\0asm":
        raise ValueError("not a WebAssembly module")
    pos, segments = 8, []
    while pos < len(data):
        section = data[pos]
        size, pos = _leb128(data, pos + 1)
        end = pos + size
        if section == 11:
            count, pos = _leb128(data, pos)
            for _ in range(count):
                flags, pos = _leb128(data, pos)
                if flags == 2:
                    _, pos = _leb128(data, pos)  # memory index
                offset = None
                if flags != 1:  # active: `i32.const offset` then `end`
                    if data[pos] != 0x41:
                        raise ValueError("a data segment's offset is not a constant")
                    offset, pos = _sleb128(data, pos + 1)
                    pos += 1
                length, pos = _leb128(data, pos)
                if offset is not None:
                    segments.append((offset, data[pos:pos + length]))
                pos += length
        pos = end
    memory = bytearray(max(offset + len(chunk) for offset, chunk in segments))
    for offset, chunk in segments:
        memory[offset:offset + len(chunk)] = chunk
    return [bytes(memory)]


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


def pow_log_tables(blobs):
    """Every copy of __pow_log_data found in blobs, as a tuple of its doubles (content checked:
    poly[0] is -1/2, each entry 1/c, log c and its tail for c from 1.4 down to 0.7)."""
    found = []
    for blob in blobs:
        at = blob.find(HEADER)
        while at >= 0:
            values = struct.unpack_from(f"<{POW_DOUBLES}d", blob, at) if at + 8 * POW_DOUBLES <= len(blob) else ()
            if values and values[2] == -0.5 and all(
                    abs(values[11 + 4 * i] + math.log(values[9 + 4 * i])) < 2.0 ** -40 and abs(values[12 + 4 * i]) < 2.0 ** -40
                    and 0.7 < values[9 + 4 * i] < 1.42 for i in range(TABLE)):
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


def exp_constants(blob):
    """N/ln2 and the 6 numbers after it that are not the shift: -ln2/N in two parts and poly[4]
    (~1/2, 1/6, 1/24, 1/120), checked."""
    at = blob.find(EXP_INV_LN2_N)
    following = struct.unpack_from("<7d", blob, at + 8) if at >= 0 else ()
    rest = [v for v in following if v != EXP_SHIFT]
    if len(rest) != 6 or abs(rest[0] + rest[1] + math.log(2) / TABLE) > 2.0 ** -60 or any(
            abs(c * math.factorial(n) - 1) > 2.0 ** -10 for n, c in enumerate(rest[2:], 2)):
        return None
    return (struct.unpack("<d", EXP_INV_LN2_N)[0], *rest)


def exp_table(blob):
    """tab[256] as integers, checked: scale * (1 + tail) is 2**(i/128)."""
    at = blob.find(EXP_TAB_START)
    words = struct.unpack_from(f"<{2 * TABLE}Q", blob, at) if at >= 0 else ()
    for i in range(TABLE if words else 0):
        tail, scale = (struct.unpack("<d", struct.pack("<Q", w))[0] for w in (words[2 * i], words[2 * i + 1] + (i << 45)))
        if abs(scale * (1 + tail) / 2 ** (i / TABLE) - 1) > 2.0 ** -50 or abs(tail) > 2.0 ** -50:
            return None
    return words or None


def atan_table(blobs):
    """cij as 241 rows of 7 doubles, the same in every copy found (content checked), or None."""
    copies = set()
    for blob in blobs:
        at = blob.find(ATAN_START)
        while at >= 0:
            copies.add(tuple(struct.unpack_from("<7d", blob, at + 56 * i) for i in range(ATAN_ROWS)))
            at = blob.find(ATAN_START, at + 1)
    if len(copies) != 1:
        return None
    rows = copies.pop()
    for i, (x0, atan, d1, d2, *_) in enumerate(rows):
        if not (abs(x0 * 256 - (i + 16)) < 0.5 and abs(atan - math.atan(x0)) < 2.0 ** -52
                and abs(d1 * (1 + x0 * x0) - 1) < 2.0 ** -40 and abs(d2 + x0 * d1 * d1) < 2.0 ** -30):
            return None
    return rows


def _one_copy(blobs, start, count):
    """The `count` doubles at `start`'s every occurrence in blobs, when all alike, else None."""
    copies = set()
    for blob in blobs:
        at = blob.find(start)
        while at >= 0:
            copies.add(struct.unpack_from(f"<{count}d", blob, at))
            at = blob.find(start, at + 1)
    return copies.pop() if len(copies) == 1 else None


def asin_tables(blobs):
    """(asncs.x, inroot), content checked, or None."""
    asncs, inroot = _one_copy(blobs, ASNCS_START, ASNCS_DOUBLES), _one_copy(blobs, INROOT_START, 128)
    if asncs is None or inroot is None:
        return None
    rows = [(n, 8) for n in range(0, 352 + 11 * 64, 11)] + [(n, 9) for n in range(1056, 1056 + 12 * 64, 12)]
    if not all(abs(asncs[n + 1] * math.sqrt(1 - asncs[n] ** 2) - 1) < 2.0 ** -40
               and abs(asncs[n + at] - math.asin(asncs[n])) < 2.0 ** -48 for n, at in rows):
        return None
    if not all(abs(v * math.sqrt((1 + (i % 64 + 0.5) / 64) / (2 if i < 64 else 1)) - 1) < 2.0 ** -10
               for i, v in enumerate(inroot)):
        return None
    return asncs, inroot


def tan_table(blobs):
    """xfg as 186 rows of 4 doubles, content checked, or None."""
    values = _one_copy(blobs, TAN_START, 4 * TAN_ROWS)
    rows = [values[i:i + 4] for i in range(0, len(values), 4)] if values else []
    if not rows or not all(abs(x0 * 256 - (i + 16)) < 0.01 and abs(tan - math.tan(x0)) < 2.0 ** -50
                           and abs(cot * math.tan(x0) - 1) < 2.0 ** -48 and abs(small) < 2.0 ** -60
                           for i, (x0, tan, cot, small) in enumerate(rows)):
        return None
    return rows


def read_tables():
    """(__log_data, the exp constants, the exp table, __pow_log_data), which both binaries hold alike,
    and glibc's atan table."""
    copies = {}
    for path, sections in ((WASM, wasm_memory), (_libm_path(), elf_rodata)):
        with open(path, "rb") as f:
            blobs = sections(f.read())
        tables = log_tables(blobs)
        pow_tables = pow_log_tables(blobs)
        if len(tables) != 1 or len(pow_tables) != 1:
            raise SystemExit(f"{path}: {len(tables)} copies of __log_data and {len(pow_tables)} of __pow_log_data "
                             "found, expected 1")
        exp = [found for found in ([exp_constants(b) for b in blobs], [exp_table(b) for b in blobs])
               if sum(v is not None for v in found) == 1]
        if len(exp) != 2:
            raise SystemExit(f"{path}: __exp_data not found once")
        copies[path] = (tables[0], *(next(v for v in found if v is not None) for found in exp), pow_tables[0])
        if sections is elf_rodata:
            atan, asin, tan = atan_table(blobs), asin_tables(blobs), tan_table(blobs)
    first, second = copies.values()
    if first != second:
        raise SystemExit("the two binaries' tables differ: " + ", ".join(copies))
    if atan is None or asin is None or tan is None:
        raise SystemExit(f"{_libm_path()}: atan's, asin's or tan's tables not found once")
    return (*first, atan, *asin, tan)


def _rows(values, per_row, indent="    "):
    return "".join(indent + " ".join(f'"{v.hex()}",' for v in values[i:i + per_row]) + "\n"
                   for i in range(0, len(values), per_row))


def _numbers(values, per_row):
    """values as one string literal of their hex forms, `per_row` a line, for _doubles to split:
    compiling it takes a fraction of a tuple of as many strings' time."""
    return '_doubles("""\n' + "".join(" ".join(v.hex() for v in values[i:i + per_row]) + "\n"
                                         for i in range(0, len(values), per_row)) + '""")'


def module_text(log_data, exp_constants, exp_tab, pow_log_data, atan_cij, asncs, inroot, tan_xfg):
    poly, poly1, tab = log_data[2:7], log_data[7:18], log_data[18:18 + 2 * TABLE]
    return (
        "# Derived from glibc (LGPL-2.1+), musl/Arm (MIT) (which makes this file LGPL-2.1+ as a whole); notices:\n"
        "# licenses/glibc.txt, licenses/musl.txt\n"
        '"""glibc\'s float64 log, exp and pow tables (__log_data, __exp_data, __pow_log_data), the parts\n'
        'its FMA build reads, and atan\'s, asin\'s and tan\'s: generated by tools/libm_data.py from\n'
        'Pyodide\'s libm (musl) and the host\'s glibc, which hold the same bits (the atan, asin and tan\n'
        'tables from glibc alone)."""\n'
        "# From ARM's optimized-routines, as musl ships it (src/math/log_data.c, exp_data.c, pow_data.c,\n"
        "# MIT licence).\n"
        f'LN2_HI, LN2_LO = float.fromhex("{log_data[0].hex()}"), float.fromhex("{log_data[1].hex()}")\n'
        "# log1p(r) - r on the 128 subintervals: r**2 * (A0 + r A1 + r**2 A2 + r**3 A3 + r**4 A4)\n"
        "POLY = tuple(map(float.fromhex, (\n" + _rows(poly, 3) + ")))\n"
        "# log(1 + r) - r near 1: r**2 * (B0 + r B1 + ... + r**10 B10)\n"
        "POLY1 = tuple(map(float.fromhex, (\n" + _rows(poly1, 3) + ")))\n"
        "# (1/c, log c) for c near the middle of each of the 128 subintervals of [0x1.6p-1, 0x1.6p0)\n"
        "_TAB = tuple(map(float.fromhex, (\n" + _rows(tab, 2) + ")))\n"
        "INVC_LOGC = tuple(zip(_TAB[0::2], _TAB[1::2]))\n"
        "# exp: N/ln2 (N = 128), -ln2/N in two parts, exp(r) - 1 - r = r**2 * (C2 + r C3 + r**2 C4 + r**3 C5)\n"
        "EXP_INV_LN2_N, EXP_NEG_LN2_HI_N, EXP_NEG_LN2_LO_N, EXP_C2, EXP_C3, EXP_C4, EXP_C5 = map(float.fromhex, (\n"
        + _rows(exp_constants, 3) + "))\n"
        "# 2**(i/128) = scale * (1 + tail): the bits of tail, and of scale less i << 45, for i < 128\n"
        "EXP_TAB = (\n" + "".join("    " + " ".join(f"0x{w:016x}," for w in exp_tab[i:i + 4]) + "\n"
                                 for i in range(0, len(exp_tab), 4)) + ")\n"
        "# pow's log, to about 68 bits: ln2 in two parts (the same as log's), log1p(r) - r as\n"
        "# r**2 * (P0 + r P1 + ... + r**6 P6), P0 = -1/2 (the others scaled by the evaluation's factors)\n"
        "POW_POLY = tuple(map(float.fromhex, (\n" + _rows(pow_log_data[2:9], 3) + ")))\n"
        "# (1/c, log c, log c's tail) for 128 c from 1.4 down to 0.7\n"
        "_POW_TAB = tuple(map(float.fromhex, (\n"
        + "".join(_rows(pow_log_data[9 + 4 * i:13 + 4 * i:2] + pow_log_data[12 + 4 * i:13 + 4 * i], 3)
                  for i in range(TABLE)) + ")))\n"
        "POW_INVC_LOGC_LOGCTAIL = tuple(zip(_POW_TAB[0::3], _POW_TAB[1::3], _POW_TAB[2::3]))\n"
        "\n\n"
        "def _doubles(text):\n"
        "    return tuple(map(float.fromhex, text.split()))\n"
        "\n\n"
        "# atan's cij (IBM's Accurate Mathematical Library, glibc's uatan.tbl, LGPL 2.1+): for x0 near\n"
        "# (i + 16)/256, i < 241, (x0, atan x0, then coefficients of degree 1 to 5 in x - x0, near\n"
        "# atan's Taylor ones)\n"
        "_ATAN_CIJ = " + _numbers([v for row in atan_cij for v in row], 5) + "\n"
        "ATAN_CIJ = tuple(_ATAN_CIJ[i:i + 7] for i in range(0, len(_ATAN_CIJ), 7))\n"
        "# asin's and acos's asncs.x (glibc's asincos.tbl, LGPL 2.1+): on each subinterval of [1/8, 1),\n"
        "# x0, then the coefficients of a polynomial in x - x0 (degree 1, the quadratic's ... the last\n"
        "# one, the constant's correction) and asin x0\n"
        "ASNCS = " + _numbers(asncs, 5) + "\n"
        "# 1/sqrt(v) at 128 points of [1/2, 2) (root.tbl), the Newton iterations' start\n"
        "INROOT = " + _numbers(inroot, 5) + "\n"
        "# tan's xfg (glibc's utan.tbl, LGPL 2.1+) but its 4th column, which tan no longer reads: for x0\n"
        "# near i/256, i = 16..201, (x0, tan x0, cot x0)\n"
        "_TAN_XFG = " + _numbers([v for row in tan_xfg for v in row[:3]], 3) + "\n"
        "TAN_XFG = tuple(_TAN_XFG[i:i + 3] for i in range(0, len(_TAN_XFG), 3))\n"
    )


def main(argv):
    return write_or_check(MODULE, module_text(*read_tables()), argv, "tools/libm_data.py")


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
