// Derived from glibc (LGPL-2.1+), fdlibm (Sun), musl/Arm (MIT), SLEEF (BSL-1.0), Cephes (BSD-3),
// avx_mathfun (Zlib), oneDNN (Apache-2.0), MT19937 (BSD-3), PyTorch (BSD-3), NumPy (BSD-3) (which makes
// this file LGPL-2.1+ as a whole); notices: licenses/glibc.txt, licenses/fdlibm.txt, licenses/musl.txt,
// licenses/sleef.txt, licenses/cephes.txt, licenses/sse-mathfun.txt, licenses/onednn.txt,
// licenses/mt19937.txt, licenses/pytorch.txt, licenses/numpy.txt
// The browser's compute kernels: the pure-Python backend's float32 loops, in WebAssembly.
//
// Built by scripts/kernels.mjs (clang --target=wasm32, SIMD128, and a second build with relaxed
// SIMD, whose code sits under __wasm_relaxed_simd__) and instantiated by
// app/kernels.js on Pyodide's own memory, so every pointer is the address of an array.array
// buffer in the Python heap (zero copy). Each kernel reproduces, bit for bit, the rounding
// steps of the Python code it replaces (named in its comment; rules in
// docs/arith-parity.md). The module must own no memory: no data segments and no stack
// (scripts/kernels.mjs checks), so scratch space comes from the caller.
//
// Floating-point rules relied on: float and double are IEEE binary32/binary64, round to
// nearest even; wasm has no fused multiply-add (relaxed SIMD's may or may not fuse: used only
// where madd_is_fused() says it does), so a*b+c is always two roundings unless fma32 below does
// it exactly; `(float)d` is one correct rounding (overflow gives inf).
#include <wasm_simd128.h>

#define EXPORT(name) __attribute__((export_name(#name))) name

typedef unsigned long long u64;

static inline u64 bits64(double d) {
  u64 u;
  __builtin_memcpy(&u, &d, 8);
  return u;
}

static inline double from_bits64(u64 u) {
  double d;
  __builtin_memcpy(&d, &u, 8);
  return d;
}

// ---- exact float32 fma (_float32.fma32 and _aten._common.fma32_seq) -------------------------
// The float64 product of two float32 values is exact, so a*b + c has one float64 rounding;
// rounding that to float32 is right unless the float64 sum lies exactly halfway between two
// float32 values (low 29 bits 1 followed by 28 zeros). There the sum is redone rounded to odd.
// Operands are float64 as in the Python code (a scalar operand may not be a float32 value).

#define LOW29 0x1FFFFFFFull
#define HALF29 0x10000000ull

static float fma32_exact(double a, double b, double c) {
  double p = a * b;
  double s = p + c;
  double v = s - p;
  double err = (p - (s - v)) + (c - v);
  if (err != 0.0 && s - s == 0.0) {  // s - s == 0: s is finite
    u64 u = bits64(s);
    if (!(u & 1)) s = from_bits64(u + (((err > 0) == (s > 0)) ? 1 : (u64)-1));
  }
  return (float)s;
}

static inline float fma32(double a, double b, double c) {
  double s = a * b + c;
  if ((bits64(s) & LOW29) == HALF29) return fma32_exact(a, b, c);
  return (float)s;
}

// out[i] = fma(a[i], b[i], c[i]); a or c may be scalars (null pointer, value in a_scalar / c_scalar).
// fma32 two lanes at a time (an optimizer's step: SGD's param.add_(grad, alpha=-lr)), one loop per
// kind of operands; a pair with a halfway sum goes through the scalar fma32.
#define FMA_LOOP(A2, A1, C2, C1)                                                            \
  for (; i + 2 <= n; i += 2) {                                                              \
    v128_t s = wasm_f64x2_add(wasm_f64x2_mul(A2, PAIR(b)), C2);                             \
    if (wasm_v128_any_true(wasm_i64x2_eq(wasm_v128_and(s, low29), half29))) {               \
      for (int j = i; j < i + 2; j++) out[j] = fma32(A1, b[j], C1);                         \
    } else {                                                                                \
      wasm_v128_store64_lane(out + i, wasm_f32x4_demote_f64x2_zero(s), 0);                  \
    }                                                                                       \
  }                                                                                         \
  for (int j = i; j < n; j++) out[j] = fma32(A1, b[j], C1);
#define PAIR(x) wasm_f64x2_promote_low_f32x4(wasm_v128_load64_zero((x) + i))

#ifdef __wasm_relaxed_simd__
static inline int is_float32(double v) { return (double)(float)v == v; }
static int madd_is_fused(void);  // (with rule F's fused path, below)
static inline v128_t madd(v128_t a, v128_t b, v128_t c);
#endif

void EXPORT(fma_f32)(const float* a, double a_scalar, const float* b, const float* c, double c_scalar,
                     float* out, int n) {
  const v128_t as = wasm_f64x2_splat(a_scalar), cs = wasm_f64x2_splat(c_scalar);
  const v128_t low29 = wasm_i64x2_splat(LOW29), half29 = wasm_i64x2_splat(HALF29);
  int i = 0;
#ifdef __wasm_relaxed_simd__
  // A fused multiply-add of float32 operands is fma32 itself (one rounding): four lanes at a time,
  // where the scalar operands are float32 values (a double one is not, and fma32 takes it whole)
  if (madd_is_fused() && (a || is_float32(a_scalar)) && (c || is_float32(c_scalar))) {
    const v128_t af = wasm_f32x4_splat((float)a_scalar), cf = wasm_f32x4_splat((float)c_scalar);
    for (; i + 4 <= n; i += 4)
      wasm_v128_store(out + i, madd(a ? wasm_v128_load(a + i) : af, wasm_v128_load(b + i),
                                    c ? wasm_v128_load(c + i) : cf));
  }
#endif
  if (!a && c) {
    FMA_LOOP(as, a_scalar, PAIR(c), c[j])
  } else if (a && c) {
    FMA_LOOP(PAIR(a), a[j], PAIR(c), c[j])
  } else if (a) {
    FMA_LOOP(PAIR(a), a[j], cs, c_scalar)
  } else {
    FMA_LOOP(as, a_scalar, cs, c_scalar)
  }
}
#undef PAIR
#undef FMA_LOOP

// ---- elementwise (_backend/python.py BINARY / UNARY on float32) -----------------------------
// Python computes each op in float64 on the float32 operands (a scalar operand as the float64
// the caller passes) and stores the result into an array('f'): one rounding of the float64
// result. For + - * / and sqrt on float32 operands that equals the float32 IEEE op.

enum { ADD, SUB, MUL, DIV, MAXIMUM, MINIMUM };

// cond ? x : y, with cond hidden from the optimizer: clang turns a select on a float
// comparison into wasm's f32.max/f64.max, or drops a nan it thinks interchangeable, and those
// differ from Python on signed zeros and nan bits.
static inline double pick(int cond, double x, double y) {
  __asm__("" : "+r"(cond));
  return cond ? x : y;
}

// python.py _div: a zero divisor gives nan (Python's, positive) for 0/0 and nan/0, else an
// infinity signed by both operands.
static inline double divide(double x, double y) {
  if (y != 0.0) return x / y;
  if (x != x || x == 0.0) return __builtin_nan("");
  return __builtin_copysign(__builtin_inf(), x) * __builtin_copysign(1.0, y);
}

// python.py _max / _min: a nan operand wins, ties take y.
static inline double extremum(int op, double x, double y) {
  return op == MAXIMUM ? pick(x != x || x > y, x, y) : pick(x != x || x < y, x, y);
}

#define BINARY_LOOP(X, Y)                                            \
  switch (op) {                                                      \
    case ADD: for (int i = 0; i < n; i++) out[i] = (float)((X) + (Y)); break; \
    case SUB: for (int i = 0; i < n; i++) out[i] = (float)((X) - (Y)); break; \
    case MUL: for (int i = 0; i < n; i++) out[i] = (float)((X) * (Y)); break; \
    case DIV: for (int i = 0; i < n; i++) out[i] = (float)divide((X), (Y)); break; \
    default: for (int i = 0; i < n; i++) out[i] = (float)extremum(op, (X), (Y)); \
  }

// out = a op b; a or b may be a scalar (null pointer, value in a_scalar / b_scalar).
void EXPORT(binary_f32)(int op, const float* a, double a_scalar, const float* b, double b_scalar,
                        float* out, int n) {
  if (!a) {
    BINARY_LOOP(a_scalar, (double)b[i])
  } else if (!b) {
    BINARY_LOOP((double)a[i], b_scalar)
  } else {
    BINARY_LOOP((double)a[i], (double)b[i])
  }
}

enum { LT, LE, GT, GE, EQ, NE };

static inline int compare(int op, double x, double y) {
  switch (op) {
    case LT: return x < y;
    case LE: return x <= y;
    case GT: return x > y;
    case GE: return x >= y;
    case EQ: return x == y;
    default: return x != y;
  }
}

// out (bool bytes) = a cmp b, with a or b possibly a scalar as in binary_f32.
void EXPORT(compare_f32)(int op, const float* a, double a_scalar, const float* b, double b_scalar,
                         unsigned char* out, int n) {
  for (int i = 0; i < n; i++) {
    double x = a ? a[i] : a_scalar, y = b ? b[i] : b_scalar;
    out[i] = (unsigned char)compare(op, x, y);
  }
}

// ---- tanh (python.py's math.tanh, rounded once to float32) --------------------------------------
// Pyodide's libm is musl's: its expm1 and tanh, step for step, give the float64 Python's math.tanh
// gives there, hence the same float32 (FreeBSD msun's algorithm; musl's constants).
static double expm1_musl(double x) {
  u64 u = bits64(x);
  unsigned hx = (unsigned)(u >> 32) & 0x7fffffff;
  int k, sign = (int)(u >> 63);
  double y, hi, lo, c = 0.0, t, e, hxs, hfx, r1, twopk;
  if (hx >= 0x4043687A) {  // |x| >= 56 ln2
    if (x != x) return x;
    if (sign) return -1;
    if (x > 7.09782712893383973096e+02) return x * 0x1p1023;
  }
  if (hx > 0x3fd62e42) {  // |x| > 0.5 ln2
    if (hx < 0x3FF0A2B2) {  // and |x| < 1.5 ln2
      if (!sign) { hi = x - 6.93147180369123816490e-01; lo = 1.90821492927058770002e-10; k = 1; }
      else { hi = x + 6.93147180369123816490e-01; lo = -1.90821492927058770002e-10; k = -1; }
    } else {
      k = (int)(1.44269504088896338700e+00 * x + (sign ? -0.5 : 0.5));
      t = k;
      hi = x - t * 6.93147180369123816490e-01;  // exact
      lo = t * 1.90821492927058770002e-10;
    }
    x = hi - lo;
    c = (hi - x) - lo;
  } else if (hx < 0x3c900000) {  // |x| < 2^-54
    return x;
  } else {
    k = 0;
  }
  hfx = 0.5 * x;
  hxs = x * hfx;
  r1 = 1.0 + hxs * (-3.33333333333331316428e-02 + hxs * (1.58730158725481460165e-03 + hxs * (
       -7.93650757867487942473e-05 + hxs * (4.00821782732936239552e-06 + hxs * -2.01099218183624371326e-07))));
  t = 3.0 - r1 * hfx;
  e = hxs * ((r1 - t) / (6.0 - x * t));
  if (k == 0) return x - (x * e - hxs);
  e = x * (e - c) - c;
  e -= hxs;
  if (k == -1) return 0.5 * (x - e) - 0.5;
  if (k == 1) {
    if (x < -0.25) return -2.0 * (e - (x + 0.5));
    return 1.0 + 2.0 * (x - e);
  }
  twopk = from_bits64((u64)(0x3ff + k) << 52);
  if (k < 0 || k > 56) {
    y = x - e + 1.0;
    y = k == 1024 ? y * 2.0 * 0x1p1023 : y * twopk;
    return y - 1.0;
  }
  double two_minus_k = from_bits64((u64)(0x3ff - k) << 52);
  return k < 20 ? (x - e + (1 - two_minus_k)) * twopk : (x - (e + two_minus_k) + 1) * twopk;
}

static double tanh_musl(double x) {
  u64 u = bits64(x);
  int sign = (int)(u >> 63);
  u &= 0x7FFFFFFFFFFFFFFFull;
  x = from_bits64(u);
  unsigned w = (unsigned)(u >> 32);
  double t;
  if (w > 0x3fe193ea) {  // |x| > log(3)/2 or nan
    if (w > 0x40340000) {  // |x| > 20 or nan
      t = 1 - 0 / x;
    } else {
      t = expm1_musl(2 * x);
      t = 1 - 2 / (t + 2);
    }
  } else if (w > 0x3fd058ae) {  // |x| > log(5/3)/2
    t = expm1_musl(2 * x);
    t = t / (t + 2);
  } else if (w >= 0x00100000) {
    t = expm1_musl(-2 * x);
    t = -t / (t + 2);
  } else {  // subnormal
    t = x;
  }
  return sign ? -t : t;
}

// ---- exp (python.py's _exp: math.exp, rounded once to float32) ------------------------------------
// musl's exp (ARM's optimized-routines, N = 128), step for step: Pyodide's math.exp. table: its 256
// words, tail and scale bits of 2^(i/128) (passed in: this module has no data).
static double exp_musl_special(double tmp, u64 sbits, u64 ki) {
  if ((ki & 0x80000000) == 0) {  // k > 0: the exponent of scale may have overflowed by <= 460
    double scale = from_bits64(sbits - (1009ull << 52));
    return 0x1p1009 * (scale + scale * tmp);
  }
  double scale = from_bits64(sbits + (1022ull << 52));  // k < 0: care in the subnormal range
  double y = scale + scale * tmp;
  if (y < 1.0) {
    double lo = scale - y + scale * tmp;
    double hi = 1.0 + y;
    lo = 1.0 - hi + y + lo;
    y = (hi + lo) - 1.0;
    if (y == 0.0) y = 0.0;
  }
  return 0x1p-1022 * y;
}

static double exp_musl(double x, const u64* table) {
  unsigned abstop = (unsigned)(bits64(x) >> 52) & 0x7ff;
  if (abstop - 0x3c9 >= 0x408 - 0x3c9) {  // |x| < 2^-54 or |x| >= 512 or not finite
    if (abstop - 0x3c9 >= 0x80000000) return 1.0 + x;
    if (abstop >= 0x409) {
      if (x != x) return x;
      if (bits64(x) == 0xfff0000000000000ull) return 0.0;
      if (abstop >= 0x7ff) return x;  // +inf
      return bits64(x) >> 63 ? 0.0 : __builtin_inf();
    }
    abstop = 0;  // large |x|: the special case below
  }
  double z = 0x1.71547652b82fep0 * 128 * x;
  double kd = z + 0x1.8p52;
  u64 ki = bits64(kd);
  kd -= 0x1.8p52;
  double r = x + kd * -0x1.62e42fefa0000p-8 + kd * -0x1.cf79abc9e3b3ap-47;
  u64 idx = 2 * (ki % 128), top = ki << 45;
  double tail = from_bits64(table[idx]);
  u64 sbits = table[idx + 1] + top;
  double r2 = r * r;
  double tmp = tail + r + r2 * (0x1.ffffffffffdbdp-2 + r * 0x1.555555555543cp-3)
               + r2 * r2 * (0x1.55555cf172b91p-5 + r * 0x1.1111167a4d017p-7);
  if (abstop == 0) return exp_musl_special(tmp, sbits, ki);
  double scale = from_bits64(sbits);
  return scale + scale * tmp;
}

void EXPORT(exp_f32)(const float* a, float* out, int n, const u64* table) {
  for (int i = 0; i < n; i++) out[i] = (float)exp_musl(a[i], table);
}

enum { NEG, ABS, RELU, SQUARE, SQRT, TANH };

void EXPORT(unary_f32)(int op, const float* a, float* out, int n) {
  switch (op) {
    case NEG: for (int i = 0; i < n; i++) out[i] = -a[i]; break;
    case ABS: for (int i = 0; i < n; i++) out[i] = __builtin_fabsf(a[i]); break;
    case RELU: for (int i = 0; i < n; i++) out[i] = (float)pick(a[i] < 0, 0.0, a[i]); break;  // relu(-0.) is -0.
    case SQUARE: for (int i = 0; i < n; i++) out[i] = (float)((double)a[i] * a[i]); break;
    case TANH: for (int i = 0; i < n; i++) out[i] = (float)tanh_musl(a[i]); break;
    default:  // python.py _sqrt: Python's nan for negative inputs, a nan input kept
      for (int i = 0; i < n; i++) out[i] = (float)pick(a[i] < 0, __builtin_nan(""), __builtin_sqrtf(a[i]));
  }
}

// out = cond ? a : b (python.py where), a or b possibly scalars.
void EXPORT(where_f32)(const unsigned char* cond, const float* a, double a_scalar, const float* b,
                       double b_scalar, float* out, int n) {
  for (int i = 0; i < n; i++) out[i] = cond[i] ? (a ? a[i] : (float)a_scalar) : (b ? b[i] : (float)b_scalar);
}

// ---- matrix products (_aten/linalg.py _mm_list: rules N, F, D, D1) ---------------------------
// a: m x k row-major. b: k x n row-major, or with b_transposed the n x k matrix whose transpose
// is used. bias: n values or null. scratch: 16 floats (rule F's tile), then, when b is
// transposed, k x n floats: rules N and F run along output rows, so b is first transposed.

enum { RULE_N, RULE_F, RULE_D, RULE_D1 };

static void transpose(const float* src, float* dst, int rows, int cols) {  // src rows x cols
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++) dst[c * rows + r] = src[r * cols + c];
}

// Rule N: c = 0; c = c + f32(a*b) for each k in order; bias added last.
static void mm_rule_n(const float* a, const float* b, const float* bias, float* out, int m, int k, int n) {
  for (int i = 0; i < m; i++) {
    const float* row = a + (long)i * k;
    float* c = out + (long)i * n;
    int j = 0;
    for (; j + 4 <= n; j += 4) {
      v128_t acc = wasm_f32x4_splat(0.0f);
      for (int kk = 0; kk < k; kk++)
        acc = wasm_f32x4_add(acc, wasm_f32x4_mul(wasm_f32x4_splat(row[kk]), wasm_v128_load(b + (long)kk * n + j)));
      if (bias) acc = wasm_f32x4_add(acc, wasm_v128_load(bias + j));
      wasm_v128_store(c + j, acc);
    }
    for (; j < n; j++) {
      float acc = 0.0f;
      for (int kk = 0; kk < k; kk++) acc = acc + row[kk] * b[(long)kk * n + j];
      c[j] = bias ? acc + bias[j] : acc;
    }
  }
}

// Rule F's k-blocks: kc = k if k <= 192, else min(192, k / 2).
static int f_block(int k) { return k <= 192 ? k : (k / 2 < 192 ? k / 2 : 192); }

// One k-block [lo, hi) of rule F for rows 0..rows-1 (rows <= 4) of `a`, columns j..j+3:
// t = fma(a, b, t) from t = 0, in float64 lanes rounded to float32 after every step, written
// to t[4 * row + column]. Returns nonzero when some step hit a float64 halfway point (the
// caller then redoes the tile exactly). All 16 sums live in registers: rows past `rows`
// repeat the last row and are not stored.
#define F_ROW(r, a_row)                                                              \
  {                                                                                  \
    v128_t av = wasm_f64x2_splat((double)(a_row)[kk]);                               \
    v128_t s0 = wasm_f64x2_add(wasm_f64x2_mul(av, b0), t##r##0);                     \
    v128_t s1 = wasm_f64x2_add(wasm_f64x2_mul(av, b1), t##r##1);                     \
    halfway = wasm_v128_or(halfway, wasm_i64x2_eq(wasm_v128_and(s0, low29), half29)); \
    halfway = wasm_v128_or(halfway, wasm_i64x2_eq(wasm_v128_and(s1, low29), half29)); \
    t##r##0 = wasm_f64x2_promote_low_f32x4(wasm_f32x4_demote_f64x2_zero(s0));         \
    t##r##1 = wasm_f64x2_promote_low_f32x4(wasm_f32x4_demote_f64x2_zero(s1));         \
  }
#define F_STORE(r)                                                                         \
  if (r < rows)                                                                            \
    wasm_v128_store(t + r * 4, wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(t##r##0),   \
                                                  wasm_f32x4_demote_f64x2_zero(t##r##1), 0, 1, 4, 5));

static int f_tile4(const float* a, const float* b, float* t, int rows, int k, int n, int lo, int hi, int j) {
  const v128_t low29 = wasm_i64x2_splat(LOW29), half29 = wasm_i64x2_splat(HALF29);
  const float* a0 = a;
  const float* a1 = a + (long)(rows > 1 ? 1 : 0) * k;
  const float* a2 = a + (long)(rows > 2 ? 2 : rows - 1) * k;
  const float* a3 = a + (long)(rows > 3 ? 3 : rows - 1) * k;
  v128_t zero = wasm_f64x2_splat(0.0), halfway = wasm_i64x2_splat(0);
  v128_t t00 = zero, t01 = zero, t10 = zero, t11 = zero, t20 = zero, t21 = zero, t30 = zero, t31 = zero;
  for (int kk = lo; kk < hi; kk++) {
    const float* brow = b + (long)kk * n + j;
    v128_t b0 = wasm_f64x2_promote_low_f32x4(wasm_v128_load64_zero(brow));
    v128_t b1 = wasm_f64x2_promote_low_f32x4(wasm_v128_load64_zero(brow + 2));
    F_ROW(0, a0) F_ROW(1, a1) F_ROW(2, a2) F_ROW(3, a3)
  }
  F_STORE(0) F_STORE(1) F_STORE(2) F_STORE(3)
  return wasm_v128_any_true(halfway);
}

// The same block for one output, scalar, with the exact fma at halfway points.
static float f_dot(const float* a, const float* b, int n, int lo, int hi, int j) {
  float t = 0.0f;
  for (int kk = lo; kk < hi; kk++) t = fma32(a[kk], b[(long)kk * n + j], t);
  return t;
}

#ifdef __wasm_relaxed_simd__
// ---- rule F on a fused multiply-add (the relaxed-SIMD build, scripts/kernels.mjs) -------------
// f32x4.relaxed_madd is one fused, exactly rounded fma on CPUs with FMA (x86-64 FMA3, arm64)
// and a multiply then an add elsewhere; an engine makes the same choice for every call.
// madd_is_fused() asks this engine: (1 + 2^-12)^2 - (1 + 2^-11) is 2^-24 fused and 0 unfused
// (operands hidden from the optimizer). Only when it is fused does rule F take this path.
static int madd_is_fused(void) {
  float x = 1.0f + 0x1p-12f, c = -(1.0f + 0x1p-11f);
  __asm__("" : "+r"(x), "+r"(c));
  v128_t r = (v128_t)__builtin_wasm_relaxed_madd_f32x4((__f32x4)wasm_f32x4_splat(x), (__f32x4)wasm_f32x4_splat(x),
                                                       (__f32x4)wasm_f32x4_splat(c));
  return wasm_f32x4_extract_lane(r, 0) != 0.0f;
}

// Whether rule F runs on the fused multiply-add here (kernels.py's FUSED_MADD, the benchmarks).
int EXPORT(fused_madd)(void) { return madd_is_fused(); }

static inline v128_t madd(v128_t a, v128_t b, v128_t c) {
  return (v128_t)__builtin_wasm_relaxed_madd_f32x4((__f32x4)a, (__f32x4)b, (__f32x4)c);
}

// The 4 outputs at c, columns j..j+3: t when first, else base + t, base the bias (block 0) or c.
static inline void f_combine(float* c, const float* bias, int j, v128_t t, int first, int lo) {
  if (first) wasm_v128_store(c, t);
  else wasm_v128_store(c, wasm_f32x4_add(wasm_v128_load(lo == 0 ? bias + j : c), t));
}

// One k-block [lo, hi) of rule F for `rows` (<= 4) rows from `a`, columns j..j+7: the 32 sums
// t = fma(a, b, t) from t = 0 in registers (rows past `rows` repeat the last row, unstored),
// then combined into out (row stride n).
#define FM_ROW(r)                                            \
  {                                                          \
    v128_t av = wasm_v128_load32_splat(a##r + kk);           \
    t##r##0 = madd(av, b0, t##r##0);                         \
    t##r##1 = madd(av, b1, t##r##1);                         \
  }
static void f_tile8_fused(const float* a, const float* b, const float* bias, float* out, int rows, int k, int n,
                          int lo, int hi, int j, int first) {
  const float* a0 = a;
  const float* a1 = a + (long)(rows > 1 ? 1 : 0) * k;
  const float* a2 = a + (long)(rows > 2 ? 2 : rows - 1) * k;
  const float* a3 = a + (long)(rows > 3 ? 3 : rows - 1) * k;
  v128_t zero = wasm_f32x4_splat(0.0f);
  v128_t t00 = zero, t01 = zero, t10 = zero, t11 = zero, t20 = zero, t21 = zero, t30 = zero, t31 = zero;
  for (int kk = lo; kk < hi; kk++) {
    const float* brow = b + (long)kk * n + j;
    v128_t b0 = wasm_v128_load(brow), b1 = wasm_v128_load(brow + 4);
    FM_ROW(0) FM_ROW(1) FM_ROW(2) FM_ROW(3)
  }
  float* c = out + j;
  f_combine(c, bias, j, t00, first, lo);
  f_combine(c + 4, bias, j + 4, t01, first, lo);
  if (rows > 1) f_combine(c + n, bias, j, t10, first, lo), f_combine(c + n + 4, bias, j + 4, t11, first, lo);
  if (rows > 2) f_combine(c + 2 * n, bias, j, t20, first, lo), f_combine(c + 2 * n + 4, bias, j + 4, t21, first, lo);
  if (rows > 3) f_combine(c + 3 * n, bias, j, t30, first, lo), f_combine(c + 3 * n + 4, bias, j + 4, t31, first, lo);
}

#endif

// Rule F: c = bias (or the first block's t), then c = c + t for each further k-block.
static void mm_rule_f(const float* a, const float* b, const float* bias, float* out, int m, int k, int n,
                      float* tile) {
  int kc = f_block(k);
#ifdef __wasm_relaxed_simd__
  int fused = madd_is_fused();
#endif
  for (int i0 = 0; i0 < m; i0 += 4) {
    int rows = m - i0 < 4 ? m - i0 : 4;
    const float* arows = a + (long)i0 * k;
    for (int lo = 0; lo < k; lo += kc) {
      int hi = lo + kc < k ? lo + kc : k;
      int first = lo == 0 && !bias;
      int j = 0;
#ifdef __wasm_relaxed_simd__
      if (fused) {
        for (; j + 8 <= n; j += 8) f_tile8_fused(arows, b, bias, out + (long)i0 * n, rows, k, n, lo, hi, j, first);
      }
#endif
      for (; j + 4 <= n; j += 4) {
        if (f_tile4(arows, b, tile, rows, k, n, lo, hi, j)) {
          for (int r = 0; r < rows; r++)
            for (int q = 0; q < 4; q++) tile[r * 4 + q] = f_dot(arows + (long)r * k, b, n, lo, hi, j + q);
        }
        for (int r = 0; r < rows; r++) {
          float* c = out + (long)(i0 + r) * n + j;
          for (int q = 0; q < 4; q++) {
            float base = first ? 0.0f : (lo == 0 ? bias[j + q] : c[q]);
            c[q] = first ? tile[r * 4 + q] : base + tile[r * 4 + q];
          }
        }
      }
      for (; j < n; j++) {
        for (int r = 0; r < rows; r++) {
          float t = f_dot(arows + (long)r * k, b, n, lo, hi, j);
          float* c = out + (long)(i0 + r) * n + j;
          *c = first ? t : (lo == 0 ? bias[j] : *c) + t;
        }
      }
    }
  }
}

// Rule D for one output: `width` lanes (4: D1, 8: D2) of rounded products, folded as
// (l0 + l2) + (l1 + l3) (D2 first adds lanes 4..7 onto 0..3), then the k mod width leftovers.
static float d_dot(const float* x, const float* w, int k, int width) {
  v128_t acc = wasm_f32x4_splat(0.0f), acc2 = wasm_f32x4_splat(0.0f);
  int steps = k / width, kk = 0;
  for (int s = 0; s < steps; s++, kk += width) {
    acc = wasm_f32x4_add(acc, wasm_f32x4_mul(wasm_v128_load(x + kk), wasm_v128_load(w + kk)));
    if (width == 8) acc2 = wasm_f32x4_add(acc2, wasm_f32x4_mul(wasm_v128_load(x + kk + 4), wasm_v128_load(w + kk + 4)));
  }
  if (width == 8) acc = wasm_f32x4_add(acc, acc2);
  float r = (wasm_f32x4_extract_lane(acc, 0) + wasm_f32x4_extract_lane(acc, 2)) +
            (wasm_f32x4_extract_lane(acc, 1) + wasm_f32x4_extract_lane(acc, 3));
  for (; kk < k; kk++) r = r + x[kk] * w[kk];
  return r;
}

// Rules D and D1 (b transposed: w is n x k): D1 everywhere for D1; for D, D1 on the columns
// j < 4*(n/4) and D2 on the rest. Bias added last.
static void mm_rule_d(int rule, const float* a, const float* w, const float* bias, float* out, int m, int k, int n) {
  int split = rule == RULE_D1 ? n : n / 4 * 4;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      float r = d_dot(a + (long)i * k, w + (long)j * k, k, j < split ? 4 : 8);
      out[(long)i * n + j] = bias ? r + bias[j] : r;
    }
}

void EXPORT(mm_f32)(int rule, const float* a, const float* b, const float* bias, float* out, int m, int k, int n,
                    int b_transposed, float* scratch) {
  if (rule == RULE_D || rule == RULE_D1) {
    mm_rule_d(rule, a, b, bias, out, m, k, n);
    return;
  }
  if (b_transposed) {
    transpose(b, scratch + 16, n, k);
    b = scratch + 16;
  }
  if (rule == RULE_F) mm_rule_f(a, b, bias, out, m, k, n, scratch);
  else mm_rule_n(a, b, bias, out, m, k, n);
}

// ---- cascade sums (_aten/reduce.py _cascade, _rowsum, _inner_sum) ---------------------------
// Items are float32 values `stride` apart; every partial sum is float32, added in the order of
// the Python code. The levels of _cascade are streamed: a level's block sum is complete when
// `step` blocks of the level below have been added to it from 0.

static float seq_sum(const float* x, long stride, int count) {
  float acc = 0.0f;
  for (int i = 0; i < count; i++) acc = acc + x[i * stride];
  return acc;
}

static int ceil_log2(int v) { return v <= 2 ? 1 : 32 - __builtin_clz((unsigned)(v - 1)); }

static float cascade(const float* x, long stride, int count) {
  if (count < 16) return seq_sum(x, stride, count);
  int p = ceil_log2(count) / 4;
  int step = 1 << (p > 4 ? p : 4);
  int n0 = count / step;
  float level1 = 0.0f, level2 = 0.0f, acc3 = 0.0f;
  int in1 = 0, in2 = 0;
  for (int b = 0; b < n0; b++) {
    level1 = level1 + seq_sum(x + (long)b * step * stride, stride, step);
    if (++in1 == step) {
      level2 = level2 + level1;
      level1 = 0.0f;
      in1 = 0;
      if (++in2 == step) {
        acc3 = acc3 + level2;
        level2 = 0.0f;
        in2 = 0;
      }
    }
  }
  float acc0 = seq_sum(x + (long)n0 * step * stride, stride, count - n0 * step);
  return ((acc0 + level1) + level2) + acc3;
}

static float rowsum(const float* x, long stride, int count) {
  int groups = count / 4;
  float p0 = cascade(x, 4 * stride, groups), p1 = cascade(x + stride, 4 * stride, groups);
  float p2 = cascade(x + 2 * stride, 4 * stride, groups), p3 = cascade(x + 3 * stride, 4 * stride, groups);
  for (int i = 4 * groups; i < count; i++) p0 = p0 + x[i * stride];
  return ((p0 + p1) + p2) + p3;
}

// The vectorised inner sum of one contiguous row of n >= 8 values (8 lanes; spec 3.1).
static float inner_sum_f32(const float* row, int n) {
  int nvec = n / 8, end = nvec * 8, groups = nvec / 4;
  float acc = 0.0f;
  for (int i = end; i < n; i++) acc = acc + row[i];
  for (int lane = 0; lane < 8; lane++) {
    // lane `lane`'s four interleaved cascades are the 32-wide columns lane + 8q
    float p0 = cascade(row + lane, 32, groups), p1 = cascade(row + lane + 8, 32, groups);
    float p2 = cascade(row + lane + 16, 32, groups), p3 = cascade(row + lane + 24, 32, groups);
    for (int i = 32 * groups + lane; i < end; i += 8) p0 = p0 + row[i];
    acc = acc + (((p0 + p1) + p2) + p3);
  }
  return acc;
}

// out[j] = inner_sum_f32 of the contiguous row of n values at first + j*s1, for each of `rows` rows.
void EXPORT(inner_sums_f32)(const float* first, int n, int rows, int s1, float* out) {
  for (int j = 0; j < rows; j++) out[j] = inner_sum_f32(first + (long)j * s1, n);
}

// out[j] = cascade (or rowsum) of the n0 items first[i*s0 + j*s1], for each of `width` columns.
void EXPORT(column_sums_f32)(int use_rowsum, const float* first, int n0, int s0, int width, int s1, float* out) {
  for (int j = 0; j < width; j++)
    out[j] = use_rowsum ? rowsum(first + (long)j * s1, s0, n0) : cascade(first + (long)j * s1, s0, n0);
}

// ---- 2-d convolution (_aten/conv.py _conv_loop and its three visitors) ----------------------
// The Python loop visits every product term in the order n, output channel, output position,
// input channel of the group, kernel tap (in-bounds taps only, row-major), and adds it to a
// float64 sum (acc, zeroed first):
//   mode 0 (forward):      acc[out] += x[in] * w[tap]     (p = x, q = w), then + bias[oc] when given
//   mode 1 (input grad):   acc[in]  += g[out] * w[tap]    (p = g, q = w)
//   mode 2 (weight grad):  acc[tap] += g[out] * x[in]     (p = g, q = x)
// Each sum here gets the same terms in the same order, so the same float64 bits; the loops are
// reordered where that keeps every single sum's order, and run two sums per f64x2 lane pair,
// for up to CONV_BLOCK channels at once (independent sums that share their loads).
// Products are exact in float64, so a fused multiply-add (relaxed SIMD, fused or not) adds the
// same as a multiply then an add. A sum starts at +0.0 and so is never -0.0: adding +0.0 leaves
// it unchanged, which is how a lane whose tap lies outside the input skips it (a product with a
// 0.0 stand-in could be nan: such lanes are masked to +0.0 after the multiply instead).

typedef struct {
  int batch, in_c, h, w, out_c, kh, kw, oh, ow, sh, sw, ph, pw, dh, dw, groups;
} conv_shape;

#define CONV_BLOCK 4
#define ALWAYS_INLINE inline __attribute__((always_inline))
#define UNROLL _Pragma("clang loop unroll(full)")

static ALWAYS_INLINE v128_t add_product(v128_t sum, v128_t a, v128_t b) {
#ifdef __wasm_relaxed_simd__
  return (v128_t)__builtin_wasm_relaxed_madd_f64x2((__f64x2)a, (__f64x2)b, (__f64x2)sum);
#else
  return wasm_f64x2_add(sum, wasm_f64x2_mul(a, b));
#endif
}

static inline v128_t f64x2_of(const float* x, long i0, long i1) { return wasm_f64x2_make(x[i0], x[i1]); }

// The four float32 values at p as two f64x2.
static ALWAYS_INLINE void load4(const float* p, v128_t* lo, v128_t* hi) {
  v128_t four = wasm_v128_load(p);
  *lo = wasm_f64x2_promote_low_f32x4(four);
  *hi = wasm_f64x2_promote_low_f32x4(wasm_i32x4_shuffle(four, four, 2, 3, 2, 3));
}

// Mode 0, output channels oc..oc+nb-1 of one group, one output row: outputs ox..ox+3 in two f64x2
// sums per channel when all their taps are inside the input, each summed over (icg, ky, kx) in
// order; other outputs one by one.
static ALWAYS_INLINE void conv_forward_row(const float* x, const float* wt, double* acc, const float* bias,
                                           const conv_shape* s, int n, int oc, int oy, const int nb) {
  int ipg = s->in_c / s->groups, opg = s->out_c / s->groups, g = oc / opg;
  long sp = (long)s->h * s->w, kn = (long)s->kh * s->kw, on = (long)s->oh * s->ow;
  double* out = acc + ((long)n * s->out_c + oc) * on + (long)oy * s->ow;
  for (int ox = 0; ox < s->ow;) {
    int first = ox * s->sw - s->pw, last = (ox + 3) * s->sw - s->pw + (s->kw - 1) * s->dw;
    int block = ox + 4 <= s->ow && first >= 0 && last < s->w;
    v128_t s01[CONV_BLOCK], s23[CONV_BLOCK];
    double one[CONV_BLOCK];
    UNROLL for (int j = 0; j < nb; j++) s01[j] = s23[j] = wasm_f64x2_splat(0.0), one[j] = 0.0;
    for (int icg = 0; icg < ipg; icg++) {
      const float* wk = wt + ((long)oc * ipg + icg) * kn;
      const float* plane = x + ((long)n * s->in_c + g * ipg + icg) * sp;
      for (int ky = 0; ky < s->kh; ky++) {
        int iy = oy * s->sh - s->ph + ky * s->dh;
        if (iy < 0 || iy >= s->h) continue;
        const float* row = plane + (long)iy * s->w;
        for (int kx = 0; kx < s->kw; kx++) {
          int ix = ox * s->sw - s->pw + kx * s->dw;
          const float* w = wk + ky * s->kw + kx;
          if (block) {
            v128_t x01, x23;
            if (s->sw == 1) {
              load4(row + ix, &x01, &x23);
            } else {
              x01 = f64x2_of(row, ix, ix + s->sw);
              x23 = f64x2_of(row, ix + 2 * s->sw, ix + 3 * s->sw);
            }
            UNROLL for (int j = 0; j < nb; j++) {
              v128_t wv = wasm_f64x2_splat(w[j * ipg * kn]);
              s01[j] = add_product(s01[j], x01, wv);
              s23[j] = add_product(s23[j], x23, wv);
            }
          } else if (ix >= 0 && ix < s->w) {
            double xv = row[ix];
            UNROLL for (int j = 0; j < nb; j++) one[j] += xv * w[j * ipg * kn];
          }
        }
      }
    }
    UNROLL for (int j = 0; j < nb; j++) {
      double* o = out + j * on;
      if (block) {
        wasm_v128_store(o + ox, s01[j]);
        wasm_v128_store(o + ox + 2, s23[j]);
      } else {
        o[ox] = one[j];
      }
    }
    ox += block ? 4 : 1;
  }
  if (bias)
    for (int j = 0; j < nb; j++)
      for (int ox = 0; ox < s->ow; ox++) out[j * on + ox] += bias[oc + j];
}

static void conv_forward(const float* x, const float* wt, double* acc, const float* bias, const conv_shape* s) {
  int opg = s->out_c / s->groups;
  for (int n = 0; n < s->batch; n++)
    for (int g = 0; g < s->groups; g++) {
      int oc = g * opg, end = oc + opg;
      for (; oc + CONV_BLOCK <= end; oc += CONV_BLOCK)
        for (int oy = 0; oy < s->oh; oy++) conv_forward_row(x, wt, acc, bias, s, n, oc, oy, CONV_BLOCK);
      for (; oc < end; oc++)
        for (int oy = 0; oy < s->oh; oy++) conv_forward_row(x, wt, acc, bias, s, n, oc, oy, 1);
    }
}

// Mode 1, gathered: input element (iy, ix) takes g[oc][oy][ox] * w[oc][ic][ky][kx] for
// iy = oy*sh - ph + ky*dh and ix = ox*sw - pw + kx*dw, so oc up, ky down and kx down (the taps
// that land on whole output positions) is its (oc, oy, ox) order. Elements ix, ix + sw, ix + 2sw,
// ix + 3sw share their taps and take outputs ox..ox+3: one running sum each (two f64x2); a lane
// whose ox lies outside the output, or past the row, adds +0.0. Input channels ic..ic+nb-1 of
// one group share the gradient's loads.
static ALWAYS_INLINE void conv_input_grad_row(const float* gr, const float* wt, double* acc, const conv_shape* s,
                                              int n, int ic, int iy, const int nb) {
  int ipg = s->in_c / s->groups, opg = s->out_c / s->groups, g = ic / ipg, icg = ic % ipg;
  long sp = (long)s->h * s->w, kn = (long)s->kh * s->kw, on = (long)s->oh * s->ow;
  const v128_t zero = wasm_f64x2_splat(0.0);
  for (int r = 0; r < s->sw && r < s->w; r++)
    for (int ix = r; ix < s->w; ix += 4 * s->sw) {
      int lanes = (s->w - 1 - ix) / s->sw + 1;  // elements of this residue left in the row
      v128_t s01[CONV_BLOCK], s23[CONV_BLOCK];
      UNROLL for (int j = 0; j < nb; j++) s01[j] = s23[j] = zero;
      for (int oc = g * opg; oc < (g + 1) * opg; oc++) {
        const float* wk = wt + ((long)oc * ipg + icg) * kn;
        for (int ky = s->kh - 1; ky >= 0; ky--) {
          int ty = iy + s->ph - ky * s->dh;
          if (ty < 0 || ty % s->sh) continue;
          int oy = ty / s->sh;
          if (oy >= s->oh) continue;
          const float* grow = gr + ((long)n * s->out_c + oc) * on + (long)oy * s->ow;
          for (int kx = s->kw - 1; kx >= 0; kx--) {
            int tx = ix + s->pw - kx * s->dw;
            if (tx < 0 && (-tx) % s->sw) continue;
            if (tx >= 0 && tx % s->sw) continue;
            int ox = tx >= 0 ? tx / s->sw : -((-tx) / s->sw);  // lane l: ox + l
            const float* w = wk + ky * s->kw + kx;
            if (ox >= 0 && ox + 4 <= s->ow && lanes >= 4) {
              v128_t g01, g23;
              load4(grow + ox, &g01, &g23);
              UNROLL for (int j = 0; j < nb; j++) {
                v128_t wv = wasm_f64x2_splat(w[j * kn]);
                s01[j] = add_product(s01[j], g01, wv);
                s23[j] = add_product(s23[j], g23, wv);
              }
            } else {
              int in0 = ox >= 0 && ox < s->ow, in1 = ox + 1 >= 0 && ox + 1 < s->ow && lanes > 1;
              int in2 = ox + 2 >= 0 && ox + 2 < s->ow && lanes > 2;
              int in3 = ox + 3 >= 0 && ox + 3 < s->ow && lanes > 3;
              if (!(in0 | in1 | in2 | in3)) continue;
              v128_t g01 = wasm_f64x2_make(in0 ? grow[ox] : 0.0, in1 ? grow[ox + 1] : 0.0);
              v128_t g23 = wasm_f64x2_make(in2 ? grow[ox + 2] : 0.0, in3 ? grow[ox + 3] : 0.0);
              v128_t m01 = wasm_i64x2_make(in0 ? -1 : 0, in1 ? -1 : 0), m23 = wasm_i64x2_make(in2 ? -1 : 0, in3 ? -1 : 0);
              UNROLL for (int j = 0; j < nb; j++) {
                v128_t wv = wasm_f64x2_splat(w[j * kn]);
                s01[j] = wasm_f64x2_add(s01[j], wasm_v128_bitselect(wasm_f64x2_mul(g01, wv), zero, m01));
                s23[j] = wasm_f64x2_add(s23[j], wasm_v128_bitselect(wasm_f64x2_mul(g23, wv), zero, m23));
              }
            }
          }
        }
      }
      UNROLL for (int j = 0; j < nb; j++) {
        double* row = acc + ((long)n * s->in_c + ic + j) * sp + (long)iy * s->w + ix;
        row[0] = wasm_f64x2_extract_lane(s01[j], 0);
        if (lanes > 1) row[s->sw] = wasm_f64x2_extract_lane(s01[j], 1);
        if (lanes > 2) row[2 * s->sw] = wasm_f64x2_extract_lane(s23[j], 0);
        if (lanes > 3) row[3 * s->sw] = wasm_f64x2_extract_lane(s23[j], 1);
      }
    }
}

static void conv_input_grad(const float* gr, const float* wt, double* acc, const conv_shape* s) {
  int ipg = s->in_c / s->groups;
  for (int n = 0; n < s->batch; n++)
    for (int g = 0; g < s->groups; g++) {
      int ic = g * ipg, end = ic + ipg;
      for (; ic + CONV_BLOCK <= end; ic += CONV_BLOCK)
        for (int iy = 0; iy < s->h; iy++) conv_input_grad_row(gr, wt, acc, s, n, ic, iy, CONV_BLOCK);
      for (; ic < end; ic++)
        for (int iy = 0; iy < s->h; iy++) conv_input_grad_row(gr, wt, acc, s, n, ic, iy, 1);
    }
}

// Mode 2: each tap's terms come in (n, oy, ox) order, so every tap is one running sum; taps
// kx, kx+1 of a kernel row share an f64x2 (a lane past the row, or outside the input, adds +0.0),
// and output channels oc..oc+nb-1 of one group share the input's loads.
static ALWAYS_INLINE void conv_weight_grad_taps(const float* gr, const float* x, double* acc, const conv_shape* s,
                                                int oc, int icg, int ky, int kx, const int nb) {
  int ipg = s->in_c / s->groups, opg = s->out_c / s->groups, g = oc / opg;
  long sp = (long)s->h * s->w, kn = (long)s->kh * s->kw, on = (long)s->oh * s->ow;
  const v128_t zero = wasm_f64x2_splat(0.0);
  int pair = kx + 1 < s->kw;
  v128_t sum[CONV_BLOCK];
  UNROLL for (int j = 0; j < nb; j++) sum[j] = zero;
  for (int n = 0; n < s->batch; n++) {
    const float* plane = x + ((long)n * s->in_c + g * ipg + icg) * sp;
    const float* grow = gr + ((long)n * s->out_c + oc) * on;
    for (int oy = 0; oy < s->oh; oy++) {
      int iy = oy * s->sh - s->ph + ky * s->dh;
      if (iy < 0 || iy >= s->h) continue;
      const float* row = plane + (long)iy * s->w;
      const float* gline = grow + (long)oy * s->ow;
      for (int ox = 0; ox < s->ow; ox++) {
        int i0 = ox * s->sw - s->pw + kx * s->dw, i1 = i0 + s->dw;
        int in0 = i0 >= 0 && i0 < s->w, in1 = pair && i1 >= 0 && i1 < s->w;
        if (in0 && in1) {
          v128_t xv = s->dw == 1 ? wasm_f64x2_promote_low_f32x4(wasm_v128_load64_zero(row + i0))
                                 : wasm_f64x2_make(row[i0], row[i1]);
          UNROLL for (int j = 0; j < nb; j++) sum[j] = add_product(sum[j], wasm_f64x2_splat(gline[j * on + ox]), xv);
        } else if (in0 || in1) {  // +0.0 where a lane has no tap (the product may be nan or -0.0)
          v128_t xv = wasm_f64x2_make(in0 ? row[i0] : 0.0, in1 ? row[i1] : 0.0);
          v128_t mask = wasm_i64x2_make(in0 ? -1 : 0, in1 ? -1 : 0);
          UNROLL for (int j = 0; j < nb; j++)
            sum[j] = wasm_f64x2_add(sum[j], wasm_v128_bitselect(wasm_f64x2_mul(wasm_f64x2_splat(gline[j * on + ox]), xv),
                                                                zero, mask));
        }
      }
    }
  }
  UNROLL for (int j = 0; j < nb; j++) {
    double* tap = acc + ((long)(oc + j) * ipg + icg) * kn + (long)ky * s->kw + kx;
    tap[0] = wasm_f64x2_extract_lane(sum[j], 0);
    if (pair) tap[1] = wasm_f64x2_extract_lane(sum[j], 1);
  }
}

static void conv_weight_grad(const float* gr, const float* x, double* acc, const conv_shape* s) {
  int ipg = s->in_c / s->groups, opg = s->out_c / s->groups;
  for (int g = 0; g < s->groups; g++) {
    int oc = g * opg, end = oc + opg;
    for (; oc < end; oc += oc + CONV_BLOCK <= end ? CONV_BLOCK : 1)
      for (int icg = 0; icg < ipg; icg++)
        for (int ky = 0; ky < s->kh; ky++)
          for (int kx = 0; kx < s->kw; kx += 2) {
            if (oc + CONV_BLOCK <= end) conv_weight_grad_taps(gr, x, acc, s, oc, icg, ky, kx, CONV_BLOCK);
            else conv_weight_grad_taps(gr, x, acc, s, oc, icg, ky, kx, 1);
          }
  }
}

// ---- the same sums on a zero-padded float64 canvas (the fast path) -------------------------
// Modes 0 and 1 as one correlation: out[o][y][x] = sum over taps (c, ky, kx), in order, of
// canvas[c][y*sy + ky*dy][x*sx + kx*dx] * weight[o][c][ky][kx]; mode 0 on the padded input (taps
// (icg, ky, kx)), mode 1 on the gradient spread out by the stride and padded by the kernel's
// reach, against the weight flipped in both axes and channel-transposed (taps (oc, ky down, kx
// down), the input gradient's order above). Mode 2 on the padded input too, each tap's terms in
// (n, oy, ox) order. A canvas's zeros stand in for the terms the loops above skip: a product
// with +0.0 is +-0.0, which leaves a sum that started at +0.0 unchanged, as long as the other
// factor is finite; conv2d_f32 takes this path only then (or where the canvas holds no zeros
// that a stored output reads: no padding in modes 0 and 2). Output rows are computed in blocks
// of 4 (lanes past the row, and channels past a group's end, read the canvas's slack or zero
// weights and are not stored). A canvas row holds `phases` = the x stride's residues one after
// another, so an output block reads 4 adjacent doubles for every tap.
// The loops' bodies are functions of their own (NOINLINE), each called for a plane or a block of
// channels: the engine runs a function's first calls on its baseline compiler and swaps in the
// optimized code between calls, never within one, so a program's first convolution must not be
// one long call.

#define NOINLINE __attribute__((noinline))

typedef struct {
  int rows, phases, wq;  // a plane: rows of phases * wq doubles
  long plane;
} conv_canvas;

static inline int round4(int n) { return (n + 3) & ~3; }

// Modes 0 and 2 read the padded input, mode 1 the spread gradient.
static ALWAYS_INLINE conv_canvas canvas_of(const conv_shape* s, int mode) {
  conv_canvas c;
  if (mode == 1) {
    c.rows = s->h + (s->kh - 1) * s->dh, c.phases = 1, c.wq = round4(s->w) + (s->kw - 1) * s->dw;
  } else {
    c.rows = (s->oh - 1) * s->sh + (s->kh - 1) * s->dh + 1, c.phases = s->sw;
    c.wq = round4(s->ow) + (s->kw - 1) * s->dw / s->sw;
  }
  c.plane = (long)c.rows * c.phases * c.wq;
  return c;
}

// The h x w float32 plane `in`, element (t, u) at canvas row oy0 + t*fy, column ox0 + u*fx
// (those inside the plane), zeros elsewhere.
static NOINLINE void fill_plane(const float* in, int h, int w, int rows, int phases, int wq, double* dst, int oy0,
                                int fy, int ox0, int fx) {
  long width = (long)phases * wq;
  for (long i = 0; i < rows * width; i++) dst[i] = 0.0;
  for (int t = 0; t < h; t++) {
    int r = oy0 + t * fy;
    if (r < 0 || r >= rows) continue;
    const float* line = in + (long)t * w;
    double* row = dst + (long)r * width;
    for (int u = 0; u < w; u++) {
      long col = ox0 + (long)u * fx;
      if (col >= 0 && col < width) row[(col % phases) * wq + col / phases] = line[u];
    }
  }
}

static int all_finite(const float* v, long n) {
  for (long i = 0; i < n; i++)
    if (!(v[i] - v[i] == 0.0f)) return 0;
  return 1;
}

// The correlation's geometry (modes 0 and 1).
typedef struct {
  int batch, groups, cpg, opg, src_c, out_c, oh, ow, sy, kh, kw, taps, blocks;
} conv_corr;

static ALWAYS_INLINE conv_corr corr_of(const conv_shape* s, int mode) {
  conv_corr k;
  int ipg = s->in_c / s->groups, opg = s->out_c / s->groups;
  k.batch = s->batch, k.groups = s->groups, k.kh = s->kh, k.kw = s->kw;
  if (mode == 0) {
    k.cpg = ipg, k.opg = opg, k.src_c = s->in_c, k.out_c = s->out_c, k.oh = s->oh, k.ow = s->ow, k.sy = s->sh;
  } else {
    k.cpg = opg, k.opg = ipg, k.src_c = s->out_c, k.out_c = s->in_c, k.oh = s->h, k.ow = s->w, k.sy = 1;
  }
  k.taps = k.cpg * s->kh * s->kw, k.blocks = (k.opg + 3) / 4;
  return k;
}

// wb[g][block][tap][j]: the weight of output channel block*4 + j of group g (0.0 past the group)
// at tap (c, ky, kx); offsets[tap]: where the tap reads, from its block's first output.
static ALWAYS_INLINE void corr_operands(const float* wt, const conv_shape* s, const conv_corr* k,
                                        const conv_canvas* c, int mode, double* wb, int* offsets) {
  int ipg = s->in_c / s->groups, kn = s->kh * s->kw;
  for (int g = 0; g < k->groups; g++)
    for (int b = 0; b < k->blocks; b++)
      for (int t = 0; t < k->taps; t++) {
        int ch = t / kn, ky = t % kn / s->kw, kx = t % s->kw;
        for (int j = 0; j < 4; j++) {
          int o = b * 4 + j;
          double v = 0.0;
          if (o < k->opg) {
            v = mode == 0 ? wt[((long)(g * k->opg + o) * ipg + ch) * kn + ky * s->kw + kx]
                          : wt[((long)(g * k->cpg + ch) * ipg + o) * kn + (s->kh - 1 - ky) * s->kw + (s->kw - 1 - kx)];
          }
          wb[(((long)g * k->blocks + b) * k->taps + t) * 4 + j] = v;
        }
      }
  int sx = mode == 0 ? s->sw : 1;
  for (int t = 0; t < k->taps; t++) {
    int ch = t / kn, ky = t % kn / s->kw, q = (t % s->kw) * s->dw;
    offsets[t] = (int)(ch * c->plane + (long)ky * s->dh * c->phases * c->wq + (q % sx) * c->wq + q / sx);
  }
}

// Outputs ox..ox+valid-1 (valid <= 2 * pairs) of one row for a block's 4 output channels
// (weights w), each sum over the taps in order, + bias[j] (+0.0 without: it changes no sum,
// which is never -0.0), rounded to float32 into o + j * on for the block's `outs` channels.
static ALWAYS_INLINE void corr_block(const double* x, const double* w, const int* offsets, int taps, const float* bias,
                                     float* o, long on, int outs, int valid, const int pairs) {
  v128_t s01[4], s23[4];
  UNROLL for (int j = 0; j < 4; j++) s01[j] = s23[j] = wasm_f64x2_splat(0.0);
  for (int t = 0; t < taps; t++, w += 4) {
    const double* p = x + offsets[t];
    v128_t x01 = wasm_v128_load(p), x23 = pairs == 2 ? wasm_v128_load(p + 2) : x01;
    UNROLL for (int j = 0; j < 4; j++) {
      v128_t wv = wasm_v128_load64_splat(w + j);
      s01[j] = add_product(s01[j], x01, wv);
      if (pairs == 2) s23[j] = add_product(s23[j], x23, wv);
    }
  }
  UNROLL for (int j = 0; j < 4; j++) {
    if (j >= outs) continue;
    v128_t bv = wasm_f64x2_splat(bias ? bias[j] : 0.0);
    v128_t four = wasm_i32x4_shuffle(wasm_f32x4_demote_f64x2_zero(wasm_f64x2_add(s01[j], bv)),
                                     wasm_f32x4_demote_f64x2_zero(wasm_f64x2_add(s23[j], bv)), 0, 1, 4, 5);
    float* dst = o + j * on;
    if (valid == 4) {
      wasm_v128_store(dst, four);
    } else {
      dst[0] = wasm_f32x4_extract_lane(four, 0);
      if (valid > 1) dst[1] = wasm_f32x4_extract_lane(four, 1);
      if (valid > 2) dst[2] = wasm_f32x4_extract_lane(four, 2);
    }
  }
}

// Block b of group g's output channels, for batch element n.
static NOINLINE void corr_channels(const double* canvas, const double* wb, const int* offsets, const float* bias,
                                   const conv_shape* s, int mode, int n, int g, int b, float* out) {
  conv_corr k = corr_of(s, mode);
  conv_canvas c = canvas_of(s, mode);
  long width = (long)c.phases * c.wq, on = (long)k.oh * k.ow;
  const double* w = wb + ((long)g * k.blocks + b) * k.taps * 4;
  int o0 = g * k.opg + b * 4, outs = k.opg - b * 4 < 4 ? k.opg - b * 4 : 4;
  if (bias) bias += o0;
  for (int oy = 0; oy < k.oh; oy++) {
    const double* x = canvas + ((long)n * k.src_c + g * k.cpg) * c.plane + (long)oy * k.sy * width;
    float* o = out + ((long)n * k.out_c + o0) * on + (long)oy * k.ow;
    for (int ox = 0; ox < k.ow; ox += 4) {
      int valid = k.ow - ox < 4 ? k.ow - ox : 4;
      if (valid > 2) corr_block(x + ox, w, offsets, k.taps, bias, o + ox, on, outs, valid, 2);
      else corr_block(x + ox, w, offsets, k.taps, bias, o + ox, on, outs, valid, 1);
    }
  }
}

// Mode 2: gt[n][position][g][oc of the group, padded to 8] (0.0 past the group), so output
// channels oc..oc+7 are four f64x2 loads; taps t0..t0+nt-1 of (icg, ky, kx) share them (nt = 2:
// eight sums and four loads fit the x64 engine's 16 registers).
static ALWAYS_INLINE void weight_grad_taps(const double* canvas, const double* gt, const conv_shape* s,
                                           const conv_canvas* c, int g, int oc, int icg, int t0, float* out,
                                           const int nt) {
  int ipg = s->in_c / s->groups, opg = s->out_c / s->groups, opg8 = (opg + 7) & ~7, kn = s->kh * s->kw;
  long width = (long)c->phases * c->wq, on = (long)s->oh * s->ow, stride = (long)s->groups * opg8;
  long reach[2];
  v128_t sum[2][4];
  UNROLL for (int t = 0; t < nt; t++) {
    int ky = (t0 + t) / s->kw, q = (t0 + t) % s->kw * s->dw;
    reach[t] = (long)ky * s->dh * width + (q % s->sw) * c->wq + q / s->sw;
    UNROLL for (int v = 0; v < 4; v++) sum[t][v] = wasm_f64x2_splat(0.0);
  }
  for (int n = 0; n < s->batch; n++) {
    const double* plane = canvas + ((long)n * s->in_c + g * ipg + icg) * c->plane;
    const double* gn = gt + (long)n * on * stride + (long)g * opg8 + oc;
    for (int oy = 0; oy < s->oh; oy++) {
      const double* row = plane + (long)oy * s->sh * width;
      const double* gl = gn + (long)oy * s->ow * stride;
      for (int ox = 0; ox < s->ow; ox++) {
        const double* gp = gl + ox * stride;
        v128_t gv[4];
        UNROLL for (int v = 0; v < 4; v++) gv[v] = wasm_v128_load(gp + 2 * v);
        UNROLL for (int t = 0; t < nt; t++) {
          v128_t xv = wasm_v128_load64_splat(row + reach[t] + ox);
          UNROLL for (int v = 0; v < 4; v++) sum[t][v] = add_product(sum[t][v], gv[v], xv);
        }
      }
    }
  }
  UNROLL for (int t = 0; t < nt; t++)
    UNROLL for (int v = 0; v < 4; v++)
      for (int lane = 0; lane < 2; lane++) {
        int o = oc + 2 * v + lane;
        if (o < opg) {
          double d = lane ? wasm_f64x2_extract_lane(sum[t][v], 1) : wasm_f64x2_extract_lane(sum[t][v], 0);
          out[((long)(g * opg + o) * ipg + icg) * kn + t0 + t] = (float)d;
        }
      }
}

static NOINLINE void weight_grad_two_taps(const double* canvas, const double* gt, const conv_shape* s, int g, int oc,
                                          int icg, int t0, float* out) {
  conv_canvas c = canvas_of(s, 2);
  weight_grad_taps(canvas, gt, s, &c, g, oc, icg, t0, out, 2);
}

static NOINLINE void weight_grad_one_tap(const double* canvas, const double* gt, const conv_shape* s, int g, int oc,
                                         int icg, int t0, float* out) {
  conv_canvas c = canvas_of(s, 2);
  weight_grad_taps(canvas, gt, s, &c, g, oc, icg, t0, out, 1);
}

static void weight_grad(const float* gr, const double* canvas, double* gt, const conv_shape* s, float* out) {
  int ipg = s->in_c / s->groups, opg = s->out_c / s->groups, opg8 = (opg + 7) & ~7, kn = s->kh * s->kw;
  long on = (long)s->oh * s->ow, stride = (long)s->groups * opg8;
  for (long i = 0; i < s->batch * on * stride; i++) gt[i] = 0.0;
  for (int n = 0; n < s->batch; n++)
    for (int o = 0; o < s->out_c; o++) {
      const float* plane = gr + ((long)n * s->out_c + o) * on;
      double* dst = gt + (long)n * on * stride + (long)(o / opg) * opg8 + o % opg;
      for (long i = 0; i < on; i++) dst[i * stride] = plane[i];
    }
  for (int g = 0; g < s->groups; g++)
    for (int oc = 0; oc < opg; oc += 8)
      for (int icg = 0; icg < ipg; icg++)
        for (int t0 = 0; t0 < kn; t0 += 2) {
          if (t0 + 2 <= kn) weight_grad_two_taps(canvas, gt, s, g, oc, icg, t0, out);
          else weight_grad_one_tap(canvas, gt, s, g, oc, icg, t0, out);
        }
}

// Doubles of scratch the fast path needs (the canvas first, then the mode's operands).
static long fast_scratch(const conv_shape* s, int mode) {
  conv_canvas c = canvas_of(s, mode);
  long canvas = (long)s->batch * (mode == 1 ? s->out_c : s->in_c) * c.plane;
  if (mode == 2) {
    int opg8 = (s->out_c / s->groups + 7) & ~7;
    return canvas + (long)s->batch * s->oh * s->ow * s->groups * opg8;
  }
  conv_corr k = corr_of(s, mode);
  return canvas + (long)k.groups * k.blocks * k.taps * 4 + (k.taps + 1) / 2;
}

// Whether the canvas's zeros leave every stored sum as the loops above make it.
static int fast_applies(const conv_shape* s, int mode, const float* p, const float* q) {
  int padded = s->ph > 0 || s->pw > 0;
  if (mode == 0) return !padded || all_finite(q, (long)s->out_c * (s->in_c / s->groups) * s->kh * s->kw);
  if (mode == 1) return all_finite(q, (long)s->out_c * (s->in_c / s->groups) * s->kh * s->kw);
  return !padded || all_finite(p, (long)s->batch * s->out_c * s->oh * s->ow);
}

static void conv_fast(int mode, const float* p, const float* q, double* scratch, const float* bias,
                      const conv_shape* s, float* out) {
  conv_canvas c = canvas_of(s, mode);
  // mode 1: the gradient's planes, spread out; else the input's, padded
  int planes = s->batch * (mode == 1 ? s->out_c : s->in_c), h = mode == 1 ? s->oh : s->h, w = mode == 1 ? s->ow : s->w;
  int oy0 = mode == 1 ? (s->kh - 1) * s->dh - s->ph : s->ph, ox0 = mode == 1 ? (s->kw - 1) * s->dw - s->pw : s->pw;
  const float* in = mode == 2 ? q : p;
  for (int i = 0; i < planes; i++)
    fill_plane(in + (long)i * h * w, h, w, c.rows, c.phases, c.wq, scratch + i * c.plane, oy0, mode == 1 ? s->sh : 1,
               ox0, mode == 1 ? s->sw : 1);
  double* rest = scratch + planes * c.plane;
  if (mode == 2) {
    weight_grad(p, scratch, rest, s, out);
    return;
  }
  conv_corr k = corr_of(s, mode);
  double* wb = rest;
  int* offsets = (int*)(wb + (long)k.groups * k.blocks * k.taps * 4);
  corr_operands(q, s, &k, &c, mode, wb, offsets);
  for (int n = 0; n < k.batch; n++)
    for (int g = 0; g < k.groups; g++)
      for (int b = 0; b < k.blocks; b++) corr_channels(scratch, wb, offsets, mode == 0 ? bias : 0, s, mode, n, g, b, out);
}

// dims: batch, in_c, h, w, out_c, kh, kw, oh, ow, sh, sw, ph, pw, dh, dw, groups (16 ints; the
// caller's memory: this module has no stack). The doubles of scratch conv2d_f32 needs.
long EXPORT(conv2d_scratch_f32)(int mode, const int* dims, int size) {
  long fast = fast_scratch((const conv_shape*)dims, mode);
  return fast > size ? fast : size;
}

// The `size` sums, each rounded once to float32, into out. bias: mode 0's float32 bias, or null.
// On the canvas where its zeros change no stored sum, else on the loops above (their float64
// sums in scratch, then rounded).
void EXPORT(conv2d_f32)(int mode, const float* p, const float* q, double* scratch, const float* bias, const int* dims,
                        float* out, int size) {
  const conv_shape* s = (const conv_shape*)dims;
  if (fast_applies(s, mode, p, q)) {
    conv_fast(mode, p, q, scratch, bias, s, out);
    return;
  }
  for (int i = 0; i < size; i++) scratch[i] = 0.0;
  if (mode == 0) conv_forward(p, q, scratch, bias, s);
  else if (mode == 1) conv_input_grad(p, q, scratch, s);
  else conv_weight_grad(p, q, scratch, s);
  for (int i = 0; i < size; i++) out[i] = (float)scratch[i];
}

// ---- strided copies (_backend/python.py take and put) ---------------------------------------
// Between the view (shape, strides) of `strided` and the row-major `packed`, whose elements are
// `size` (1, 2, 4 or 8) bytes: take copies the view into packed, put packed into the view (whose
// elements do not overlap). dims holds ndim sizes, then ndim strides (in elements), then ndim
// counters the kernel uses (the caller's scratch: this module has no stack). Bits are copied as
// integers, so nan payloads stay as they are.
#define COPY_ROWS(T)                                                                 \
  {                                                                                  \
    T* s = (T*)strided + at;                                                         \
    T* p = (T*)packed + done;                                                        \
    if (put)                                                                         \
      for (int i = 0; i < inner; i++) s[(long)i * step] = p[i];                      \
    else                                                                             \
      for (int i = 0; i < inner; i++) p[i] = s[(long)i * step];                      \
  }

static void strided_copy(void* strided, void* packed, int size, int ndim, int* dims, int put) {
  int *shape = dims, *strides = dims + ndim, *index = dims + 2 * ndim;
  int inner = shape[ndim - 1], step = strides[ndim - 1];
  long count = 1;
  for (int d = 0; d < ndim; d++) {
    count *= shape[d];
    index[d] = 0;
  }
  long at = 0;
  for (long done = 0; done < count; done += inner) {
    if (size == 8) COPY_ROWS(u64)
    else if (size == 4) COPY_ROWS(unsigned)
    else if (size == 2) COPY_ROWS(unsigned short)
    else COPY_ROWS(unsigned char)
    for (int d = ndim - 2; d >= 0; d--) {  // the next row: carry through the outer dims
      at += strides[d];
      if (++index[d] < shape[d]) break;
      at -= (long)strides[d] * shape[d];
      index[d] = 0;
    }
  }
}
#undef COPY_ROWS

void EXPORT(take_strided)(const void* src, void* dst, int size, int ndim, int* dims) {
  strided_copy((void*)src, dst, size, ndim, dims, 0);
}

void EXPORT(put_strided)(void* dst, const void* src, int size, int ndim, int* dims) {
  strided_copy(dst, (void*)src, size, ndim, dims, 1);
}

// ---- random numbers (_random.py) ------------------------------------------------------------
// MT19937's next block: twists the 624 words of mt in place (the in-place order of the
// reference code, which _random._twist reproduces in three chunks) and writes them tempered
// to out.
void EXPORT(mt19937_refill)(unsigned* mt, unsigned* out) {
  for (int i = 0; i < 624; i++) {
    unsigned y = (mt[i] & 0x80000000u) | (mt[i + 1 < 624 ? i + 1 : 0] & 0x7FFFFFFFu);
    mt[i] = mt[i + 397 < 624 ? i + 397 : i + 397 - 624] ^ (y >> 1) ^ ((y & 1) ? 0x9908B0DFu : 0u);
  }
  for (int i = 0; i < 624; i++) {
    unsigned y = mt[i];
    y ^= y >> 11;
    y ^= (y << 7) & 0x9D2C5680u;
    y ^= (y << 15) & 0xEFC60000u;
    out[i] = y ^ (y >> 18);
  }
}

static inline float f32_of_bits(unsigned u) {
  float f;
  __builtin_memcpy(&f, &u, 4);
  return f;
}

// _random._cephes_log of x in (0, 1] (a normal float32): every step rounded as the Python code.
static float cephes_log(float x) {
  static const unsigned poly[9] = {0x3D9021BB, 0xBDEBD1B8, 0x3DEF251A, 0xBDFE5D4F, 0x3E11E9BF,
                                   0xBE2AAE50, 0x3E4CCEAC, 0xBE7FFFFC, 0x3EAAAAAA};
  unsigned u;
  __builtin_memcpy(&u, &x, 4);
  double mant = f32_of_bits((u & 0x007FFFFFu) | 0x3F000000u);  // frexp: x = mant * 2**exp
  double e = (double)((int)(u >> 23) - 126);
  double m;
  if (mant < f32_of_bits(0x3F3504F3)) {
    m = mant + mant - 1.0;
    e = e - 1.0;
  } else {
    m = mant - 1.0;
  }
  double z = (float)(m * m);
  double y = fma32(f32_of_bits(poly[0]), m, f32_of_bits(poly[1]));
  for (int i = 2; i < 9; i++) y = fma32(y, m, f32_of_bits(poly[i]));
  y = (float)(y * m);
  double eq1 = (float)(e * f32_of_bits(0xB95E8083));
  y = fma32(y, z, eq1);
  y = (float)(y - 0.5 * z);
  double my = (float)(m + y);
  return fma32(e, f32_of_bits(0x3F318000), my);
}

// _random._cephes_sincos of theta >= 0: *sin and *cos.
static void cephes_sincos(double theta, float* sin, float* cos) {
  int j = ((int)(float)(theta * f32_of_bits(0x3FA2F983)) + 1) & ~1;
  double y = j;
  double x = fma32(y, f32_of_bits(0xBF490000), theta);
  x = fma32(f32_of_bits(0xB97DA000), y, x);
  x = fma32(y, f32_of_bits(0xB3222169), x);
  double z = (float)(x * x);
  double c = fma32(f32_of_bits(0x37CCF5CE), z, f32_of_bits(0xBAB6061A));
  c = fma32(c, z, f32_of_bits(0x3D2AAAA5));
  c = (float)(z * c);
  c = fma32(z, c, -(z * 0.5));
  c = (float)(c + 1.0);
  double s = fma32(f32_of_bits(0xB94CA1F9), z, f32_of_bits(0x3C08839E));
  s = fma32(s, z, f32_of_bits(0xBE2AAAA3));
  s = (float)(z * s);
  s = fma32(x, s, x);
  float sv = (float)s, cv = (float)c;
  if (j & 2) {  // the quadrant swaps the polynomials
    float t = sv;
    sv = cv;
    cv = t;
  }
  *sin = (j & 4) ? -sv : sv;
  *cos = (~(j - 2) & 4) ? -cv : cv;
}

// _random.Generator.words(n): the next n tempered words into out, from the generator's 624 state
// words (mt), its tempered block and state = {left, next}, refilling both in place as the draws
// cross blocks; state is updated.
void EXPORT(mt19937_words)(unsigned* mt, unsigned* tempered, int* state, int n, unsigned* out) {
  int left = state[0], next = state[1];
  while (n > 0) {
    if (left == 1) {
      mt19937_refill(mt, tempered);
      left = 625;
      next = 0;
    }
    int take = n < left - 1 ? n : left - 1;
    for (int i = 0; i < take; i++) *out++ = tempered[next + i];
    next += take;
    left -= take;
    n -= take;
  }
  state[0] = left;
  state[1] = next;
}

// _random.uniform's float32 values of n words: fma(u24(word), span, low), `high` moved to `low`.
void EXPORT(uniform_f32)(const unsigned* words, float* out, int n, double low, double span, double high) {
  for (int i = 0; i < n; i++) {
    float v = fma32((double)(words[i] & 0xFFFFFFu) * 5.9604644775390625e-08, span, low);
    out[i] = v == high ? (float)low : v;
  }
}

// One 16-value block of _random._normal_fill_f32: lanes l < 8 take a = u24(words[l]) and
// b = u24(words[8 + l]), write cos to out[l] and sin to out[l + 8].
static void normal_block(const unsigned* words, float* out, double mean, double std) {
  for (int l = 0; l < 8; l++) {
    double a = (words[l] & 0xFFFFFF) * 5.9604644775390625e-08, b = (words[8 + l] & 0xFFFFFF) * 5.9604644775390625e-08;
    double radius = (float)__builtin_sqrt(-2.0 * cephes_log((float)(1.0 - a)));
    float sin, cos;
    cephes_sincos((float)(f32_of_bits(0x40C90FDB) * b), &sin, &cos);
    double r_cos = (float)(radius * cos), r_sin = (float)(radius * sin);
    if (std == 1.0 && mean == 0.0) {
      out[l] = (float)(r_cos + 0.0);
      out[l + 8] = (float)(r_sin + 0.0);
    } else {
      out[l] = fma32(r_cos, std, mean);
      out[l + 8] = fma32(r_sin, std, mean);
    }
  }
}

// _random._normal_fill_f32: n >= 16 float32 normals from n words (16-value blocks), then, when
// n % 16, a block from the 16 tail words written over the last 16 values. mean and std are
// float32 values.
void EXPORT(normal_fill_f32)(const unsigned* words, const unsigned* tail, float* out, int n, double mean,
                             double std) {
  int offset = 0;
  for (; offset + 16 <= n; offset += 16) normal_block(words + offset, out + offset, mean, std);
  if (n % 16) normal_block(tail, out + n - 16, mean, std);
}

// ---- softmax and log_softmax over the last dim (_aten/loss.py _lastdim) -----------------------
// SLEEF expf and logf (_aten/special.py _expf_sleef1, _logf_sleef1), every float32 step as there.

static inline double pow2(int k) { return from_bits64((u64)(k + 1023) << 52); }  // |k| < 1023

static inline double frexp_mant(double x) { return from_bits64((bits64(x) & 0x800FFFFFFFFFFFFFull) | (1022ull << 52)); }
static inline int frexp_exp(double x) { return (int)((bits64(x) >> 52) & 0x7FF) - 1022; }  // normal x

static double expf_sleef(double d) {
  if (d != d) return d;
  if (d < -104.0) return 0.0;
  if (d > 100.0) return __builtin_inf();
  double qd = __builtin_rint((float)(d * f32_of_bits(0x3fb8aa3b)));
  int q = (int)qd, half = q >> 1;
  double s = fma32(qd, -(double)f32_of_bits(0x3f317200), d);
  s = fma32(qd, -(double)f32_of_bits(0x35bfbe8e), s);
  static const unsigned poly[6] = {0x39502bda, 0x3ab696c9, 0x3c0888a6, 0x3d2aaa7a, 0x3e2aaaab, 0x3f000000};
  double u = f32_of_bits(poly[0]);
  for (int i = 1; i < 6; i++) u = fma32(u, s, f32_of_bits(poly[i]));
  u = (float)(1.0 + fma32((float)(s * s), u, s));
  return (float)((double)(float)(u * pow2(half)) * pow2(q - half));
}

static inline void two_sum32(double a, double b, double* s, double* t) {
  double sum = (float)(a + b), v = (float)(sum - a);
  *s = sum;
  *t = (float)((double)(float)(a - (double)(float)(sum - v)) + (double)(float)(b - v));
}

static double logf_sleef(double d) {
  if (d != d || d < 0.0) return __builtin_nan("");
  if (d == 0.0) return -__builtin_inf();
  if (d == __builtin_inf()) return __builtin_inf();
  double e = (double)(frexp_exp((float)(d * f32_of_bits(0x3faaaaab))) - 1);  // getexp
  double m = frexp_mant(d) * 2.0;                                                 // getmant
  if (m >= 1.5) m *= 0.5;
  double hi = f32_of_bits(0x3f317218), lo = f32_of_bits(0xb102e308);
  double sh = (float)(hi * e);
  double sl = fma32(lo, e, fma32(hi, e, -sh));
  double nh, nl, dh, dl;
  two_sum32(-1.0, m, &nh, &nl);
  two_sum32(1.0, m, &dh, &dl);
  double t = (float)(1.0 / dh);
  double xh = (float)(nh * t);
  double xl = fma32(xh, fma32(-dl, t, fma32(-dh, t, 1.0)), fma32(nl, t, fma32(t, nh, -xh)));
  double x2 = (float)(xh * xh);
  double p = fma32(fma32(f32_of_bits(0x3e9aff5c), x2, f32_of_bits(0x3ecc99ca)), x2, f32_of_bits(0x3f2aaada));
  double ah = xh * 2.0, al = xl * 2.0;
  double s1 = (float)(sh + ah);
  double s1l = (float)((double)(float)((double)(float)((double)(float)(sh - s1) + ah) + sl) + al);
  double w = (float)((double)(float)(x2 * xh) * p);
  double s2 = (float)(s1 + w);
  double s2l = (float)((double)(float)((double)(float)(s1 - s2) + w) + s1l);
  return (float)(s2 + s2l);
}

// _lanesum: `lanes` float32 lanes (leftovers into the first lanes), then a halving fold; rows
// shorter than `lanes` add up in order. lane: the caller's scratch of `lanes` floats.
static float lane_sum(const float* e, int n, int lanes, float* lane) {
  if (n < lanes) {
    float acc = e[0];
    for (int i = 1; i < n; i++) acc = acc + e[i];
    return acc;
  }
  int full = n / lanes * lanes;
  for (int l = 0; l < lanes; l++) lane[l] = e[l];
  for (int b = lanes; b < full; b += lanes)
    for (int l = 0; l < lanes; l++) lane[l] = lane[l] + e[b + l];
  for (int l = 0; l < n - full; l++) lane[l] = lane[l] + e[full + l];
  for (int half = lanes / 2; half; half /= 2)
    for (int l = 0; l < half; l++) lane[l] = lane[l] + lane[l + half];
  return lane[0];
}

// Each of `rows` rows of n values: d = x - max (nan when a value is nan), e = expf(d), then
// softmax e * (1 / sum) or log_softmax d - logf(sum). out holds e (then the result), scratch
// `lanes` floats.
void EXPORT(softmax_lastdim_f32)(const float* x, float* out, int rows, int n, int log, int lanes, float* scratch) {
  for (int r = 0; r < rows; r++) {
    const float* row = x + (long)r * n;
    float* o = out + (long)r * n;
    double top = row[0];
    int nan = 0;
    for (int i = 0; i < n; i++) {
      nan |= row[i] != row[i];
      top = pick(row[i] > top, row[i], top);  // Python's max(): the first of equal values
    }
    if (nan) top = __builtin_nan("");
    for (int i = 0; i < n; i++) o[i] = (float)expf_sleef((float)(row[i] - top));
    double total = lane_sum(o, n, lanes, scratch);
    if (log) {
      double log_total = logf_sleef(total);
      for (int i = 0; i < n; i++) o[i] = (float)((double)(float)(row[i] - top) - log_total);
    } else {
      double inverse = (float)(1.0 / total);
      for (int i = 0; i < n; i++) o[i] = (float)(o[i] * inverse);
    }
  }
}

// log_softmax's backward over rows of n (_aten/loss.py log_softmax_backward_lastdim):
// out = fma(-expf(output), lane sum of the row of grad, grad).
void EXPORT(log_softmax_backward_lastdim_f32)(const float* grad, const float* output, float* out, int rows, int n,
                                              int lanes, float* scratch) {
  for (int r = 0; r < rows; r++) {
    const float *g = grad + (long)r * n, *y = output + (long)r * n;
    double total = lane_sum(g, n, lanes, scratch);
    for (int i = 0; i < n; i++) out[(long)r * n + i] = fma32(-expf_sleef(y[i]), total, g[i]);
  }
}

// ---- sigmoid (_aten/special.py sigmoid) ---------------------------------------------------------
// glibc expf (_expf_glibc1), the plain evaluation; table: the 32 doubles nearest 2^(i/32)
// (passed in: this module has no data).
static double expf_glibc(double x, const double* table) {
  if (x != x) return x;
  if (x > 0x1.62e42ep6) return __builtin_inf();
  if (x < -0x1.9fe368p6) return 0.0;
  double z = 0x1.71547652b82fep+5 * x;
  double kd = (z + 0x1.8p52) - 0x1.8p52;
  int k = (int)kd;
  double r = z - kd;
  double s = table[k & 31] * pow2(k >> 5);
  double y = (0x1.62e42ff0c52d6p-1 / 32) * r + 1.0;
  y = ((0x1.c6af84b912394p-5 / 32768) * r + 0x1.ebfce50fac4f3p-3 / 1024) * (r * r) + y;
  return (float)(y * s);
}

// 1 / (1 + exp(0 - x)) on each run [start, stop) of `runs` triples (start, stop, vector_stop):
// SLEEF expf up to vector_stop, glibc expf after it; every step rounded to float32.
void EXPORT(sigmoid_f32)(const float* x, float* out, const int* runs, int count, const double* table) {
  for (int r = 0; r < count; r++) {
    int start = runs[3 * r], stop = runs[3 * r + 1], vector_stop = runs[3 * r + 2];
    for (int i = start; i < stop; i++) {
      double minus = 0.0 - x[i];
      double e = i < vector_stop ? expf_sleef(minus) : expf_glibc(minus, table);
      out[i] = (float)(1.0 / (double)(float)(1.0 + e));
    }
  }
}

// ---- the LSTM cell's pointwise part (_aten/rnn.py lstm_cell, lstm_cell_backward) -----------------
// `steps` steps from the cell c0, each step's gates gx + gh (n rows of the four gates i, f, g, o, h
// values each); sigmoid as sigmoid_f32 (SLEEF expf for columns below vector_stop, glibc's after),
// tanh as unary_f32's: c' = sigmoid(f) * c + sigmoid(i) * tanh(g), h' = sigmoid(o) * tanh(c'), every
// step rounded to float32. Per step: n*h values of h_out and c_out, and five planes of n*h in saved:
// sigmoid(i), sigmoid(f), tanh(g), sigmoid(o), tanh(c').
static inline float sigmoid1(double x, int vector, const double* table) {
  double minus = 0.0 - x;
  double e = vector ? expf_sleef(minus) : expf_glibc(minus, table);
  return (float)(1.0 / (double)(float)(1.0 + e));
}

void EXPORT(lstm_cell_f32)(const float* gx, const float* gh, const float* c0, float* h_out, float* c_out,
                           float* saved, int steps, int n, int h, int vector_stop, const double* table) {
  long plane = (long)n * h;
  for (int s = 0; s < steps; s++, gx += 4 * plane, gh += 4 * plane, h_out += plane, c_out += plane, saved += 5 * plane) {
    const float* c = s ? c_out - plane : c0;
    for (int r = 0; r < n; r++) {
      const float* x = gx + (long)r * 4 * h;
      const float* y = gh + (long)r * 4 * h;
      for (int j = 0; j < h; j++) {
        int vector = j < vector_stop;
        float si = sigmoid1((float)(x[j] + y[j]), vector, table);
        float sf = sigmoid1((float)(x[h + j] + y[h + j]), vector, table);
        float tg = (float)tanh_musl((float)(x[2 * h + j] + y[2 * h + j]));
        float so = sigmoid1((float)(x[3 * h + j] + y[3 * h + j]), vector, table);
        long p = (long)r * h + j;
        float cell = sf * c[p] + si * tg;  // three roundings (no contraction: -ffp-contract=off)
        float tc = (float)tanh_musl(cell);
        c_out[p] = cell;
        h_out[p] = so * tc;
        saved[p] = si, saved[plane + p] = sf, saved[2 * plane + p] = tg, saved[3 * plane + p] = so;
        saved[4 * plane + p] = tc;
      }
    }
  }
}

// The cell's backward as autograd runs the decomposed cell: dh (+ dh_more unless null), dc (null:
// no gradient reached c' but tanh's) -> dgates (n rows of i, f, g, o) and dc_prev. Mul: grad * other; SigmoidBackward:
// (grad * (1 - s)) * s; TanhBackward: grad * fma(-y, y, 1).
void EXPORT(lstm_cell_backward_f32)(const float* dh, const float* dh_more, const float* dc, const float* saved,
                                    const float* c_prev, float* dgates, float* dc_prev, int n, int h) {
  long plane = (long)n * h;
  for (int r = 0; r < n; r++) {
    float* d = dgates + (long)r * 4 * h;
    for (int j = 0; j < h; j++) {
      long p = (long)r * h + j;
      float si = saved[p], sf = saved[plane + p], tg = saved[2 * plane + p], so = saved[3 * plane + p];
      float tc = saved[4 * plane + p];
      float grad = dh_more ? dh[p] + dh_more[p] : dh[p];
      float d_tc = grad * so, d_so = grad * tc;
      float dcell = d_tc * fma32(-tc, tc, 1.0);
      if (dc) dcell = dc[p] + dcell;
      d[j] = ((dcell * tg) * (1.0f - si)) * si;
      d[h + j] = ((dcell * c_prev[p]) * (1.0f - sf)) * sf;
      d[2 * h + j] = (dcell * si) * fma32(-tg, tg, 1.0);
      d[3 * h + j] = (d_so * (1.0f - so)) * so;
      dc_prev[p] = dcell * sf;
    }
  }
}

// ---- GELU (_aten/special.py gelu, gelu_backward; element formulas in _aten/_libm32.py) ------------
// Every value a float32 held in a double, every step rounded as the Python code rounds it. The
// polynomial coefficients come from the caller (_libm32.GELU_KERNEL_TABLE, the module owns no
// data): oneDNN's 6 x 25 minimax coefficients, then glibc erff's pp, qq, pa, qa, ra, sa, rb, sb.

#define R(x) ((double)(float)(x))
#define GT_PP 150
#define GT_QQ 155
#define GT_PA 161
#define GT_QA 168
#define GT_RA 175
#define GT_SA 183
#define GT_RB 192
#define GT_SB 199

static inline unsigned bits32(double x) {
  float f = (float)x;
  unsigned u;
  __builtin_memcpy(&u, &f, 4);
  return u;
}

static inline double with_exponent_added(double y, int k) { return f32_of_bits(bits32(y) + ((unsigned)k << 23)); }

static inline double xor_sign(double v, double x) { return __builtin_signbit(x) ? -v : v; }

// c[0] + z*(c[1] + z*(...)), n coefficients, each step rounded.
static double horner32(const float* c, int n, double z) {
  double r = c[n - 1];
  for (int i = n - 2; i >= 0; i--) r = R(c[i] + R(z * r));
  return r;
}

static double expm1f_glibc(double x) {
  unsigned hx = bits32(x);
  int negative = hx >> 31, k;
  double c = 0.0;
  hx &= 0x7fffffff;
  if (hx >= 0x4195b844) {
    if (hx >= 0x42b17218) {
      if (hx > 0x7f800000) return x;
      if (hx == 0x7f800000) return negative ? -1.0 : x;
      if (x > f32_of_bits(0x42b17180)) return __builtin_inf();
    }
    if (negative) return -1.0;
  }
  double ln2_hi = f32_of_bits(0x3f317180), ln2_lo = f32_of_bits(0x3717f7d1);
  if (hx > 0x3eb17218) {
    double hi, lo;
    if (hx < 0x3F851592) {
      k = negative ? -1 : 1;
      hi = R(x - k * ln2_hi);
      lo = k * ln2_lo;
    } else {
      k = (int)(float)(R(f32_of_bits(0x3fb8aa3b) * x) + (negative ? -0.5 : 0.5));
      hi = R(x - R(k * ln2_hi));
      lo = R(k * ln2_lo);
    }
    x = R(hi - lo);
    c = R(R(hi - x) - lo);
  } else if (hx < 0x33000000) {
    return x;
  } else {
    k = 0;
  }
  double hfx = R(0.5 * x), hxs = R(x * hfx);
  double q = f32_of_bits(0xb457edbb);
  q = R(f32_of_bits(0x36867e54) + R(hxs * q));
  q = R(f32_of_bits(0xb8a670cd) + R(hxs * q));
  q = R(f32_of_bits(0x3ad00d01) + R(hxs * q));
  q = R(f32_of_bits(0xbd088889) + R(hxs * q));
  double r1 = R(1.0 + R(hxs * q));
  double t = R(3.0 - R(r1 * hfx));
  double e = R(hxs * R(R(r1 - t) / R(6.0 - R(x * t))));
  if (k == 0) return R(x - R(R(x * e) - hxs));
  e = R(R(R(R(x * R(e - c)) - c)) - hxs);
  if (k == -1) return R(R(0.5 * R(x - e)) - 0.5);
  if (k == 1) return x < -0.25 ? R(-2.0 * R(e - R(x + 0.5))) : R(1.0 + R(2.0 * R(x - e)));
  if (k <= -2 || k > 56) return R(with_exponent_added(R(1.0 - R(e - x)), k) - 1.0);
  double y = k < 23 ? R(f32_of_bits(0x3f800000 - (0x1000000 >> k)) - R(e - x))
                    : R(R(x - R(e + f32_of_bits((unsigned)(0x7f - k) << 23))) + 1.0);
  return with_exponent_added(y, k);
}

static double tanhf_glibc(double x) {
  unsigned ix = bits32(x) & 0x7fffffff;
  if (ix >= 0x7f800000) return x != x ? x : __builtin_copysign(1.0, x);
  if (ix >= 0x41b00000) return __builtin_copysign(1.0, x);
  if (ix == 0) return x;
  if (ix < 0x24000000) return R(x * R(1.0 + x));
  double z;
  if (ix >= 0x3f800000) {
    z = R(1.0 - R(2.0 / R(expm1f_glibc(R(2.0 * __builtin_fabs(x))) + 2.0)));
  } else {
    double t = expm1f_glibc(R(-2.0 * __builtin_fabs(x)));
    z = R(-t / R(t + 2.0));
  }
  return __builtin_copysign(z, x);
}

static double erff_glibc(double x, const float* tb, const double* table) {
  unsigned ix = bits32(x) & 0x7fffffff;
  if (ix >= 0x7f800000) return x != x ? x : __builtin_copysign(1.0, x);
  if (ix < 0x3f580000) {
    double efx = f32_of_bits(0x3e0375d4);
    if (ix < 0x31800000) {
      if (ix < 0x04000000) return R(0.0625 * R(R(16.0 * x) + R(R(16.0 * efx) * x)));
      return R(x + R(efx * x));
    }
    double z = R(x * x);
    double y = R(horner32(tb + GT_PP, 5, z) / horner32(tb + GT_QQ, 6, z));
    return R(x + R(x * y));
  }
  if (ix < 0x3fa00000) {
    double s = R(__builtin_fabs(x) - 1.0);
    return __builtin_copysign(R(f32_of_bits(0x3f58560b) + R(horner32(tb + GT_PA, 7, s) / horner32(tb + GT_QA, 7, s))), x);
  }
  if (ix >= 0x40c00000) return __builtin_copysign(1.0, x);
  double ax = __builtin_fabs(x);
  double s = R(1.0 / R(ax * ax));
  double ratio = ix < 0x4036DB6E ? R(horner32(tb + GT_RA, 8, s) / horner32(tb + GT_SA, 9, s))
                                 : R(horner32(tb + GT_RB, 7, s) / horner32(tb + GT_SB, 8, s));
  double z = f32_of_bits(bits32(ax) & 0xfffff000);
  double e = R(expf_glibc(R(R(-z * z) - 0.5625), table) * expf_glibc(R(R(R(z - ax) * R(z + ax)) + ratio), table));
  return __builtin_copysign(R(1.0 - R(e / ax)), x);
}

// SLEEF tanhf (u10): double-float steps, a pair (h, l) standing for h + l.
static inline __attribute__((always_inline)) void df_add2(double xh, double xl, double y, double* h, double* l) {
  double s = R(xh + y), v = R(s - xh);
  *h = s;
  *l = R(R(R(xh - R(s - v)) + R(y - v)) + xl);
}

static inline __attribute__((always_inline)) void df_mul(double xh, double xl, double yh, double yl, double* h, double* l) {
  double p = R(xh * yh);
  *h = p;
  *l = fma32(xh, yl, fma32(xl, yh, fma32(xh, yh, -p)));
}

static inline double ldexp2_32(double d, int q) {
  int half = q >> 1;
  return R(R(d * pow2(half)) * pow2(q - half));
}

static double tanhf_sleef(double x) {
  if (x != x) return x;
  double y = __builtin_fabs(x);
  if (y > f32_of_bits(0x410aa123)) return __builtin_copysign(1.0, x);  // 8.664339742
  int q = (int)__builtin_rint(R(y * f32_of_bits(0x3fb8aa3b)));
  double sh, sl, th, tl, qh, ql, ph, pl;
  df_add2(y, 0.0, R(q * -(double)f32_of_bits(0x3f317200)), &sh, &sl);
  df_add2(sh, sl, R(q * -(double)f32_of_bits(0x35bfbe8e)), &sh, &sl);
  double u = f32_of_bits(0x394fb7ff);
  u = fma32(u, sh, f32_of_bits(0x3ab6bf7c));
  u = fma32(u, sh, f32_of_bits(0x3c08890d));
  u = fma32(u, sh, f32_of_bits(0x3d2aaa5c));
  df_mul(sh, sl, u, 0.0, &th, &tl);
  df_add2(th, tl, f32_of_bits(0x3e2aaaaa), &th, &tl);
  df_mul(sh, sl, th, tl, &th, &tl);
  df_add2(th, tl, 0.5, &th, &tl);
  qh = R(sh * sh);
  ql = fma32(R(sh + sh), sl, fma32(sh, sh, -qh));
  df_mul(qh, ql, th, tl, &ph, &pl);
  double s = R(sh + ph), v = R(s - sh);
  th = s;
  tl = R(R(R(sh - R(s - v)) + R(ph - v)) + R(sl + pl));
  s = R(1.0 + th);
  double dh = ldexp2_32(s, q), dl = ldexp2_32(R(R(R(1.0 - s) + th) + tl), q);
  double eh = R(1.0 / dh);
  double el = R(eh * fma32(-dl, eh, fma32(-dh, eh, 1.0)));
  double nh = R(dh - eh), nl = R(R(R(R(dh - nh) - eh) + dl) - el);
  double ah = R(dh + eh), al = R(R(R(R(dh - ah) + eh) + dl) + el);
  double t = R(1.0 / ah), qx = R(nh * t);
  double qy = fma32(qx, fma32(-al, t, fma32(-ah, t, 1.0)), fma32(nl, t, fma32(t, nh, -qx)));
  double r = R(qx + qy);
  return __builtin_copysign(r == r ? r : 1.0, x);
}

// oneDNN's GELU (eltwise_gelu_erf, avx512_core): a minimax polynomial picked by |x|'s bits.
static double gelu_onednn(double x, const float* tb) {
  double ax = __builtin_fabs(x);
  int i;
  if (f32_of_bits(0x40b15cee) < ax) {
    i = 23;
  } else {
    i = (int)(bits32(ax) + 0xc21fffffu) >> 21;
    i = i < 1 ? 1 : i > 24 ? 24 : i;
  }
  double p = tb[5 * 25 + i];
  for (int d = 4; d >= 0; d--) p = fma32(p, ax, tb[d * 25 + i]);
  return R(R(x * R(xor_sign(p, x) + 1.0)) * 0.5);
}

static double expf_onednn(double x) {
  if (x < f32_of_bits(0xc2aeac50)) return 0.0;
  x = x < f32_of_bits(0x42b17218) ? x : f32_of_bits(0x42b17218);  // vminps/vmaxps: NaN gives the bound
  x = x > f32_of_bits(0xc2aeac50) ? x : f32_of_bits(0xc2aeac50);
  double n = __builtin_floor(R(R(x * f32_of_bits(0x3fb8aa3b)) + 0.5));
  double r = fma32(-n, f32_of_bits(0x3f317218), x);
  double p = f32_of_bits(0x3c07cfce);
  p = fma32(p, r, f32_of_bits(0x3d2b9d0d));
  p = fma32(p, r, f32_of_bits(0x3e2aad40));
  p = fma32(p, r, f32_of_bits(0x3efffee3));
  p = fma32(p, r, f32_of_bits(0x3f7ffffb));
  p = fma32(p, r, 1.0);
  return R(R(p * (n > -126 ? pow2((int)n - 1) : 0.0)) * 2.0);
}

// Abramowitz-Stegun's erf polynomial in t.
static double as_erf_poly(double t) {
  double p = f32_of_bits(0x3f87dc22);
  p = fma32(p, t, f32_of_bits(0xbfba00e3));
  p = fma32(p, t, f32_of_bits(0x3fb5f0e3));
  p = fma32(p, t, f32_of_bits(0xbe91a98e));
  return fma32(p, t, f32_of_bits(0x3e827906));
}

static double gelu_onednn_derivative(double x) {
  double r = R(x * f32_of_bits(0x3f3504f3));
  double q = expf_onednn(-R(r * r));
  double t = R(R(r * f32_of_bits(0x3f106eba)) * q);
  double w = R(1.0 / fma32(f32_of_bits(0x3ea7ba05), __builtin_fabs(r), 1.0));
  double erf = xor_sign(fma32(R(-q * w), as_erf_poly(w), 1.0), r);
  return fma32(erf, 0.5, R(t + 0.5));
}

// ATen's Vectorized<float>::erf: Abramowitz-Stegun with SLEEF's expf.
static double erf_vec(double v) {
  double t = R(1.0 / fma32(f32_of_bits(0x3ea7ba05), __builtin_fabs(v), 1.0));
  double e = expf_sleef(-R(v * v));
  return xor_sign(fma32(R(-e * t), as_erf_poly(t), 1.0), v);
}

#define GELU_ALPHA f32_of_bits(0x3f3504f3)
#define GELU_BETA f32_of_bits(0x3f4c422a)
#define GELU_KAPPA f32_of_bits(0x3d372713)
#define GELU_THREE_KAPPA f32_of_bits(0x3e095d4e)
#define GELU_PDF f32_of_bits(0x3ecc422a)

static double gelu_erf(double v, int vector, const float* tb, const double* table) {
  return vector ? erf_vec(v) : erff_glibc(v, tb, table);
}

static double gelu_tanh(double v, int vector) { return vector ? tanhf_sleef(v) : tanhf_glibc(v); }

static double gelu_tanh_inner(double x) { return R(GELU_BETA * fma32(GELU_KAPPA, R(R(x * x) * x), x)); }

// ATen's GELU formulas: forward (g unused) or backward, vector body or scalar tail.
static double gelu_aten(double x, double g, int tanh, int backward, int vector, const float* tb, const double* table) {
  if (!tanh && !backward) return R(R(x * 0.5) * R(1.0 + gelu_erf(R(x * GELU_ALPHA), vector, tb, table)));
  if (tanh && !backward) return R(R(0.5 * x) * R(1.0 + gelu_tanh(gelu_tanh_inner(x), vector)));
  if (!tanh) {
    double cdf = R(0.5 * R(1.0 + gelu_erf(R(x * GELU_ALPHA), vector, tb, table)));
    double minus_half_square = R(R(x * x) * -0.5);
    if (vector) return R(g * fma32(x, R(GELU_PDF * expf_sleef(minus_half_square)), cdf));
    return R(g * R(cdf + R(x * R(GELU_PDF * expf_glibc(minus_half_square, table)))));
  }
  double t = gelu_tanh(gelu_tanh_inner(x), vector);
  double left_derivative = R(0.5 * R(1.0 + t));
  double inner_derivative = R(GELU_BETA * fma32(GELU_THREE_KAPPA, R(x * x), 1.0));
  double right_derivative = R(R(R(0.5 * x) * fma32(-t, t, 1.0)) * inner_derivative);
  return R(g * R(left_derivative + right_derivative));
}

// gelu (grad null) or gelu_backward (grad: grad_output) of n values: oneDNN's kernel on all of
// them, or ATen's over `runs` triples (start, stop, vector_stop). NaN results are the positive
// quiet NaN, as _aten/special.py writes them.
void EXPORT(gelu_f32)(const float* x, const float* grad, float* out, int n, int tanh, int onednn, const int* runs,
                      int count, const float* tb, const double* table) {
  if (onednn) {
    for (int i = 0; i < n; i++) out[i] = grad ? (float)(grad[i] * gelu_onednn_derivative(x[i])) : (float)gelu_onednn(x[i], tb);
  } else {
    for (int r = 0; r < count; r++) {
      int start = runs[3 * r], stop = runs[3 * r + 1], vector_stop = runs[3 * r + 2];
      for (int i = start; i < stop; i++)
        out[i] = (float)gelu_aten(x[i], grad ? grad[i] : 0.0, tanh, grad != 0, i < vector_stop, tb, table);
    }
  }
  for (int i = 0; i < n; i++)
    if (out[i] != out[i]) out[i] = __builtin_nanf("");  // a NaN's sign is the engine's whim: one NaN
}

// ---- max/min/argmax/argmin along dims (_ops/reduction.py _arg_best) --------------------------
// Each of `rows` contiguous rows of k >= 1 values: the first best element (strictly greater, or
// less when is_min, so ties keep the first), a NaN wins and ends the row. Only comparisons: the
// value is the element's own bits. One body for float32 and float64 tensors.
#define EXTREME_ROWS(name, T)                                                                     \
  void EXPORT(name)(int is_min, const T* x, int rows, int k, T* values, long long* indices) {     \
    for (int r = 0; r < rows; r++) {                                                              \
      const T* row = x + (long)r * k;                                                             \
      int best = 0;                                                                               \
      T b = row[0];                                                                               \
      for (int i = 1; i < k && b == b; i++) {                                                     \
        T v = row[i];                                                                             \
        if (v != v || (is_min ? v < b : v > b)) {                                                 \
          best = i;                                                                               \
          b = v;                                                                                  \
        }                                                                                         \
      }                                                                                           \
      values[r] = b;                                                                              \
      indices[r] = best;                                                                          \
    }                                                                                             \
  }
EXTREME_ROWS(extreme_rows_f32, float)
EXTREME_ROWS(extreme_rows_f64, double)

// ---- max_pool2d (_aten/pool.py max_pool, max_pool_backward) ----------------------------------
// Each window of each h x w plane: its in-bounds taps row-major, the first one to start, then a
// later value wins when greater or NaN. indices: offsets in the plane. Returns the number of
// windows without an in-bounds tap (the caller then runs its Python loop).
// One plane's windows (NOINLINE, a call per plane: the convolution's note on the engine's tiering).
static NOINLINE int max_pool2d_plane(const float* plane, float* values, long long* indices, int h, int w, int oh,
                                     int ow, int kh, int kw, int sh, int sw, int ph, int pw, int dh, int dw) {
  int empty = 0;
  for (int i = 0; i < oh; i++) {
    for (int j = 0; j < ow; j++) {
      int best = -1;
      float b = 0.0f;
      for (int a = 0; a < kh; a++) {
        int y = i * sh - ph + a * dh;
        if (y < 0 || y >= h) continue;
        for (int c = 0; c < kw; c++) {
          int t = j * sw - pw + c * dw;
          if (t < 0 || t >= w) continue;
          float v = plane[y * w + t];
          if (best < 0 || v > b || v != v) {
            best = y * w + t;
            b = v;
          }
        }
      }
      empty += best < 0;
      *values++ = b;
      *indices++ = best;
    }
  }
  return empty;
}

int EXPORT(max_pool2d_f32)(const float* x, float* values, long long* indices, int planes, int h, int w, int oh,
                            int ow, int kh, int kw, int sh, int sw, int ph, int pw, int dh, int dw) {
  int empty = 0;
  long windows = (long)oh * ow;
  for (int p = 0; p < planes; p++)
    empty += max_pool2d_plane(x + (long)p * h * w, values + p * windows, indices + p * windows, h, w, oh, ow, kh, kw,
                              sh, sw, ph, pw, dh, dw);
  return empty;
}

// grad[n] added in float64, in order, at its window's maximum (indices[n], an offset in plane n /
// per_plane), then each sum rounded once to float32. acc: planes * plane zeros from the caller.
void EXPORT(max_pool_backward_f32)(const float* grad, const long long* indices, double* acc, float* out, int planes,
                                   int per_plane, int plane) {
  long total = (long)planes * per_plane;
  for (long n = 0; n < total; n++) acc[(n / per_plane) * plane + indices[n]] += grad[n];
  for (long i = 0; i < (long)planes * plane; i++) out[i] = (float)acc[i];
}

// ---- average pooling (_aten/pool.py avg_pool, adaptive_avg_pool and their backwards) ---------
// `count` windows of `longest` offsets in a plane each (-1 past a window's end), the same in every
// plane; each window's value is divided by div1[w], then by div2[w], each quotient of the float64
// division rounded to float32 (adding up is in float32, one rounding a step, from +0.0).
void EXPORT(window_sums_f32)(const float* x, float* out, int planes, int plane, const int* windows, int count,
                             int longest, const double* div1, const double* div2) {
  for (int p = 0; p < planes; p++) {
    const float* base = x + (long)p * plane;
    for (int w = 0; w < count; w++) {
      const int* win = windows + (long)w * longest;
      float total = 0.0f;
      for (int i = 0; i < longest && win[i] >= 0; i++) total += base[win[i]];
      out[(long)p * count + w] = (float)((double)(float)((double)total / div1[w]) / div2[w]);
    }
  }
}

// The backward: each window's gradient, divided as above, added in float32 to its inputs in turn,
// window after window (acc: planes * plane zeros from the caller).
void EXPORT(window_scatter_f32)(const float* grad, float* acc, int planes, int plane, const int* windows, int count,
                                int longest, const double* div1, const double* div2) {
  for (int p = 0; p < planes; p++) {
    float* base = acc + (long)p * plane;
    for (int w = 0; w < count; w++) {
      const int* win = windows + (long)w * longest;
      float delta = (float)((double)(float)((double)grad[(long)p * count + w] / div1[w]) / div2[w]);
      for (int i = 0; i < longest && win[i] >= 0; i++) base[win[i]] += delta;
    }
  }
}

// ---- the browser's numpy (browser_numpy/numpy): float64 loops --------------------------------
// Elementwise float64 arithmetic as numpy's loops do it (one IEEE operation per element; x/0 as
// python.py's _div, the Python loop's), a or b possibly a scalar (null pointer, value in a_scalar /
// b_scalar).
void EXPORT(binary_f64)(int op, const double* a, double a_scalar, const double* b, double b_scalar,
                        double* out, int n) {
  for (int i = 0; i < n; i++) {
    double x = a ? a[i] : a_scalar, y = b ? b[i] : b_scalar;
    switch (op) {
      case ADD: out[i] = x + y; break;
      case SUB: out[i] = x - y; break;
      case MUL: out[i] = x * y; break;
      case DIV: out[i] = divide(x, y); break;
      default: out[i] = extremum(op, x, y);  // numpy's maximum/minimum: a nan wins, ties take y
    }
  }
}

// The embedding's backward (_aten/embedding.py dense_backward): each float32 gradient row added, in
// order, in float64 to the weight row its index names (the forward checked them; padding_idx's skipped).
void EXPORT(embedding_backward_f32)(const float* grad, const long long* indices, int n, int dim,
                                    int padding_idx, double* acc) {
  for (int k = 0; k < n; k++) {
    if (indices[k] == padding_idx) continue;
    double* out = acc + indices[k] * dim;
    const float* g = grad + (long long)k * dim;
    for (int j = 0; j < dim; j++) out[j] += (double)g[j];
  }
}

// float64 values rounded to float32 (to nearest, overflow to inf), as array('f') stores a float: python.py's
// cast, and every float64 result of a layer loop rounded once to its float32 tensor.
void EXPORT(demote_f64)(const double* a, float* out, int n) {
  for (int i = 0; i < n; i++) out[i] = (float)a[i];
}

// numpy's float64 comparisons into bool bytes, a or b possibly a scalar as in binary_f64.
void EXPORT(compare_f64)(int op, const double* a, double a_scalar, const double* b, double b_scalar,
                         unsigned char* out, int n) {
  for (int i = 0; i < n; i++) {
    double x = a ? a[i] : a_scalar, y = b ? b[i] : b_scalar;
    out[i] = (unsigned char)compare(op, x, y);
  }
}

// numpy's float64 negative, absolute, square, sqrt (a negative input's sqrt is Python's nan, as
// the Python loop's); for float64 tensors also python.py's relu and tanh (math.tanh: musl's).
void EXPORT(unary_f64)(int op, const double* a, double* out, int n) {
  switch (op) {
    case NEG: for (int i = 0; i < n; i++) out[i] = -a[i]; break;
    case ABS: for (int i = 0; i < n; i++) out[i] = __builtin_fabs(a[i]); break;
    case RELU: for (int i = 0; i < n; i++) out[i] = pick(a[i] < 0, 0.0, a[i]); break;  // relu(-0.) is -0.
    case SQUARE: for (int i = 0; i < n; i++) out[i] = a[i] * a[i]; break;
    case TANH: for (int i = 0; i < n; i++) out[i] = tanh_musl(a[i]); break;
    default: for (int i = 0; i < n; i++) out[i] = pick(a[i] < 0, __builtin_nan(""), __builtin_sqrt(a[i]));
  }
}

// x ** k for an integer 3 <= k <= 64 as glibc's pow (_libm.pow off glibc) gives it: the power in
// double-double, Dekker's exact products (wasm has no fma), then hi is the rounding of hi + lo,
// which is glibc's wherever the exact power is farther from halfway between two doubles than
// glibc's pow's error before its last rounding (e_pow.c: 0.009 ulp from exp, and log's relative
// 1.3 * 2**-68 times |k log x| <= 710 |e| / 1024, e the result's exponent, in ulps 2**-15 |e|; taken
// with margins: 2**-6 + 2**-15 |e| ulp). An element it cannot vouch for — near halfway (~3%), zero,
// inf, nan, outside 2**-900..2**900 (where the split or the low parts would overflow or underflow),
// a power of two — is flagged in undecided (and left to Python's glibc_pow); the count of those
// is returned.
static inline void two_prod(double a, double b, double* p, double* e) {
  const double split = 134217729.0;  // 2**27 + 1
  double ca = split * a, ah = ca - (ca - a), al = a - ah;
  double cb = split * b, bh = cb - (cb - b), bl = b - bh;
  *p = a * b;
  *e = ((ah * bh - *p) + ah * bl + al * bh) + al * bl;
}

int EXPORT(powi_f64)(const double* a, double* out, unsigned char* undecided, int n, int k) {
  const double low = 0x1p-900, high = 0x1p900;
  int count = 0;
  for (int i = 0; i < n; i++) {
    double x = a[i], ax = __builtin_fabs(x);
    int unsure = !(ax >= low && ax <= high);
    double hi = x, lo = 0.0;
    if (!unsure) {
      for (int j = 1; j < k; j++) {
        double p, e;
        two_prod(hi, x, &p, &e);
        e += lo * x;
        hi = p + e;
        lo = e - (hi - p);
      }
      double ahi = __builtin_fabs(hi);
      u64 bits = bits64(ahi);
      double ulp = from_bits64(bits + 1) - ahi;
      int e = (int)(bits >> 52) - 1023;
      double glibc_error = ulp * (0x1p-6 + (e < 0 ? -e : e) * 0x1p-15);
      unsure = !(ahi >= low && ahi <= high) || (bits & 0xFFFFFFFFFFFFFull) == 0 ||
               ulp * 0.5 - __builtin_fabs(lo) <= glibc_error + k * 0x1p-100 * ahi;
    }
    undecided[i] = (unsigned char)unsure;
    count += unsure;
    out[i] = hi;
  }
  return count;
}

// numpy's pairwise_sum for doubles (_functions._pairwise): below 8 a running sum from -0.0,
// up to 128 eight accumulators then the rest, above that the two halves (split at a multiple
// of 8) summed recursively. The recursion's depth is log2(n / 128): no stack beyond wasm's own.
double EXPORT(pairwise_sum_f64)(const double* x, int n) {
  if (n < 8) {
    double res = -0.0;
    for (int i = 0; i < n; i++) res += x[i];
    return res;
  }
  if (n <= 128) {
    double r[8];
    for (int j = 0; j < 8; j++) r[j] = x[j];
    int i = 8;
    for (; i < n - n % 8; i += 8)
      for (int j = 0; j < 8; j++) r[j] += x[i + j];
    double res = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]));
    for (; i < n; i++) res += x[i];
    return res;
  }
  int n2 = n / 2;
  n2 -= n2 % 8;
  return pairwise_sum_f64(x, n2) + pairwise_sum_f64(x + n2, n - n2);
}

// numpy.matmul of float64 stacks as the browser's numpy does it (_functions._dot_values): each
// element a sum from 0.0 of the products in order, one rounding per add. a: batch x n x k,
// bt: batch x m x k (b transposed), out: batch x n x m.
void EXPORT(matmul_f64)(const double* a, const double* bt, double* out, int batch, int n, int k, int m) {
  for (int i = 0; i < batch; i++) {
    const double* ai = a + (long)i * n * k;
    const double* bi = bt + (long)i * m * k;
    for (int r = 0; r < n; r++) {
      for (int c = 0; c < m; c++) {
        double total = 0.0;
        for (int p = 0; p < k; p++) total += ai[(long)r * k + p] * bi[(long)c * k + p];
        *out++ = total;
      }
    }
  }
}

// ---- layer norm (_aten/norm.py layer_norm_stats, layer_norm_output, layer_norm_input_grad,
// layer_norm_weight_grad, layer_norm_bias_grad on float32) -------------------------------------
// Every step is the Python code's: a float64 operation on float32 values rounded once to float32
// (R), fma32 where it fuses. Rows are `inner` contiguous values.
#define LN_LANES 8  // _common.MOMENT_LANES["float32"]
#define LN_CHUNK 16  // _common.MOMENT_CHUNK

// _common._merge_moments on one lane: (a0, a1, a2) merged into (*b0, *b1, *b2).
static void ln_merge(double a0, double a1, double a2, double* b0, double* b1, double* b2) {
  double n = *b0 + a0;
  double c = n != 0.0 ? R(a0 / n) : 0.0;
  double delta = R(a1 - *b1);
  double m2_sum = R(*b2 + a2);
  double c_delta = R(delta * c);
  double scaled = R(delta * *b0);
  *b0 = n;
  *b1 = R(*b1 + c_delta);
  *b2 = fma32(scaled, c_delta, m2_sum);
}

// _common.rowwise_moments of one row, then layer_norm_stats' rstd. stack: 3 * 32 doubles
// (count, m1, m2 per level of the chunks' binary cascade), lane: 2 * LN_LANES doubles.
static void ln_row_stats(const float* row, int n_cols, double eps, float* mean, float* rstd, double* stack,
                         double* lane) {
  int n = n_cols / LN_LANES;
  int chunks = (n + LN_CHUNK - 1) / LN_CHUNK;
  int depth = ceil_log2(chunks);
  for (int k = 0; k < LN_LANES; k++) {
    for (int d = 0; d < 3 * depth; d++) stack[d] = 0.0;
    for (int i = 0; i < chunks; i++) {
      int m0 = n - i * LN_CHUNK < LN_CHUNK ? n - i * LN_CHUNK : LN_CHUNK;
      double m1 = 0.0, m2 = 0.0;
      for (int j = 0; j < m0; j++) {
        double x = row[(i * LN_CHUNK + j) * LN_LANES + k];
        double delta = R(x - m1);
        m1 = fma32(R(1.0 / (j + 1)), delta, m1);
        m2 = fma32(delta, R(x - m1), m2);
      }
      ln_merge(m0, m1, m2, stack, stack + 1, stack + 2);
      for (int j = 1, mask = i + 1; j < depth && !(mask & 1); j++, mask >>= 1) {
        double* below = stack + 3 * (j - 1);
        ln_merge(below[0], below[1], below[2], stack + 3 * j, stack + 3 * j + 1, stack + 3 * j + 2);
        below[0] = below[1] = below[2] = 0.0;
      }
    }
    for (int j = 1; j < depth; j++) ln_merge(stack[3 * j], stack[3 * j + 1], stack[3 * j + 2], stack, stack + 1, stack + 2);
    lane[k] = stack[1];
    lane[LN_LANES + k] = stack[2];
  }
  double count = 0.0, m1 = 0.0, m2 = 0.0;
  for (int i = n * LN_LANES; i < n_cols; i++) {
    double x = row[i];
    double delta = R(x - m1);
    count += 1.0;
    m1 = R(m1 + R(delta / count));
    m2 = R(m2 + R(delta * R(x - m1)));
  }
  for (int k = 0; k < LN_LANES; k++) {
    double total = count + n;
    double c = total != 0.0 ? R(n / total) : 0.0;
    double delta = R(lane[k] - m1);
    m1 = fma32(c, delta, m1);
    m2 = R(m2 + fma32(R(R(delta * delta) * c), count, lane[LN_LANES + k]));
    count = total;
  }
  *mean = (float)m1;
  *rstd = (float)(1.0 / R(__builtin_sqrt(R(R(m2 / n_cols) + eps))));
}

// eps: already a float32 value. scratch: 3 * 32 + 2 * LN_LANES doubles.
void EXPORT(layer_norm_stats_f32)(const float* x, int rows, int inner, double eps, float* mean, float* rstd,
                                  double* scratch) {
  for (int r = 0; r < rows; r++)
    ln_row_stats(x + (long)r * inner, inner, eps, mean + r, rstd + r, scratch, scratch + 3 * 32);
}

// ((x - mean) * rstd) * weight + bias, the last two fused; weight, bias: null when absent.
void EXPORT(layer_norm_output_f32)(const float* x, int rows, int inner, const float* mean, const float* rstd,
                                   const float* weight, const float* bias, float* out) {
  for (int r = 0; r < rows; r++) {
    double m = mean[r], rs = rstd[r];
    const float* row = x + (long)r * inner;
    float* o = out + (long)r * inner;
    for (int j = 0; j < inner; j++) {
      double centered = R(row[j] - m);
      double b = bias ? bias[j] : 0.0;
      if (!weight && !bias) o[j] = (float)(centered * rs);
      else if (!weight) o[j] = fma32(centered, rs, b);
      else o[j] = fma32(R(centered * rs), weight[j], b);
    }
  }
}

// norm.py _dot_row: map_reduce_all of U * V, U(i) = u[i], or the rounded product u[i] * w_of[i]
// when w_of is given; V(i) = v[i], or 1 when v is null. acc: LN_LANES doubles.
static double ln_dot_row(const float* u, const float* w_of, const float* v, int n, double* acc) {
#define U(i) (w_of ? R((double)u[i] * w_of[i]) : (double)u[i])
#define V(i) (v ? (double)v[i] : 1.0)
  if (n < LN_LANES) {
    double total = R(U(0) * V(0));
    for (int i = 1; i < n; i++) total = R(total + R(U(i) * V(i)));
    return total;
  }
  int full = n - n % LN_LANES;
  for (int l = 0; l < LN_LANES; l++) acc[l] = R(U(l) * V(l));
  for (int d = LN_LANES; d < full; d += LN_LANES)
    for (int l = 0; l < LN_LANES; l++) acc[l] = R(acc[l] + R(U(d + l) * V(d + l)));
  for (int l = 0; l < n - full; l++) acc[l] = fma32(U(full + l), V(full + l), acc[l]);
#undef U
#undef V
  return R(R(R(acc[0] + acc[4]) + R(acc[2] + acc[6])) + R(R(acc[1] + acc[5]) + R(acc[3] + acc[7])));
}

// layer_norm_input_grad; weight null when absent. scratch: LN_LANES doubles.
void EXPORT(layer_norm_input_grad_f32)(const float* x, const float* dy, const float* mean, const float* rstd,
                                       const float* weight, int rows, int inner, float* out, double* scratch) {
  double scale = R(1.0 / inner);
  for (int r = 0; r < rows; r++) {
    const float *xs = x + (long)r * inner, *g = dy + (long)r * inner;
    float* o = out + (long)r * inner;
    double m = mean[r], a = rstd[r];
    double ds = weight ? ln_dot_row(g, xs, weight, inner, scratch) : ln_dot_row(g, 0, xs, inner, scratch);
    double db = ln_dot_row(g, 0, weight, inner, scratch);
    double b = R(R(R(R(fma32(db, m, -ds) * a) * a) * a) * scale);
    double c = fma32(-b, m, -R(R(db * a) * scale));
    for (int j = 0; j < inner; j++) {
      double scaled = R(a * g[j]);
      if (weight) scaled = R(scaled * weight[j]);
      o[j] = (float)((double)fma32(b, xs[j], scaled) + c);
    }
  }
}

// layer_norm_weight_grad (x non-null) or layer_norm_bias_grad (x null): per thread (its rows
// bounds[2t]..bounds[2t+1]) an accumulator of inner values from zeros, then the threads'
// accumulators added in order into out (zeros first). acc: inner floats.
void EXPORT(layer_norm_param_grad_f32)(const float* x, const float* dy, const float* mean, const float* rstd,
                                       int inner, const int* bounds, int threads, float* acc, float* out) {
  for (int j = 0; j < inner; j++) out[j] = 0.0f;
  for (int t = 0; t < threads; t++) {
    for (int j = 0; j < inner; j++) acc[j] = 0.0f;
    for (int i = bounds[2 * t]; i < bounds[2 * t + 1]; i++) {
      const float* g = dy + (long)i * inner;
      if (x) {
        const float* xs = x + (long)i * inner;
        double a = rstd[i], shift = R(-a * mean[i]);
        for (int j = 0; j < inner; j++) acc[j] = fma32(g[j], fma32(a, xs[j], shift), acc[j]);
      } else {
        for (int j = 0; j < inner; j++) acc[j] = acc[j] + g[j];
      }
    }
    for (int j = 0; j < inner; j++) out[j] = out[j] + acc[j];
  }
}

// ---- dropout's mask (_random.py dropout_mask) ------------------------------------------------
// Per element a U53() from two words (the first the high half): kept_value when it is below keep,
// else 0. out: float32 (kept_value a float32 value) or, with f64, float64 values.
void EXPORT(u53_below)(const unsigned* words, void* out, int n, double keep, double kept_value, int f64) {
  for (int i = 0; i < n; i++) {
    u64 draw = ((u64)(words[2 * i] & 0x1FFFFF) << 32) | words[2 * i + 1];
    double v = (double)draw * 1.1102230246251565e-16 < keep ? kept_value : 0.0;
    if (f64) ((double*)out)[i] = v;
    else ((float*)out)[i] = (float)v;
  }
}

// ---- batched matrix products (_aten/linalg.py bmm) -------------------------------------------
// mm_f32 on each of `batch` pairs (m x k) @ (k x n), rule N or F: one call for the whole stack.
void EXPORT(bmm_f32)(int rule, const float* a, const float* b, float* out, int batch, int m, int k, int n,
                     float* scratch) {
  for (int i = 0; i < batch; i++)
    mm_f32(rule, a + (long)i * m * k, b + (long)i * k * n, 0, out + (long)i * m * n, m, k, n, 0, scratch);
}

// ---- Adam's step over a parameter's buffer (optim/adam.py, its tensor ops one after another) ---
// decay: 0 none, 1 decoupled (param.mul_(wd)), 2 L2 (grad.add(param, alpha=wd)); lerp_small:
// lerp's |weight| < 0.5, then fma(lerp_coeff = weight, grad - m, m), else fma(lerp_coeff =
// weight - 1, grad - m, grad). Every scalar is the float32 value the tensor op takes. param, exp_avg, exp_avg_sq are updated in place.
void EXPORT(adam_step_f32)(float* param, const float* grad, float* exp_avg, float* exp_avg_sq, int n, int decay,
                           double wd, double lerp_coeff, int lerp_small, double beta2, double one_minus_beta2,
                           double bias_correction2_sqrt, double eps, double neg_step_size) {
  for (int i = 0; i < n; i++) {
    double p = param[i], g = grad[i], m = exp_avg[i];
    if (decay == 1) p = R(p * wd);
    else if (decay == 2) g = fma32(wd, p, g);
    m = fma32(lerp_coeff, R(g - m), lerp_small ? m : g);
    double v = fma32(R(g * one_minus_beta2), g, R(exp_avg_sq[i] * beta2));
    double denom = R(R(R(__builtin_sqrt(v)) / bias_correction2_sqrt) + eps);
    param[i] = (float)(p + R(R(m * neg_step_size) / denom));
    exp_avg[i] = (float)m;
    exp_avg_sq[i] = (float)v;
  }
}

// ---- Adadelta's step over a parameter's buffer (optim/adadelta.py, its tensor ops in order) ----
// l2: grad.add(param, alpha=wd) first. Every scalar is the float32 value the tensor op takes
// (neg_lr: param.add_'s alpha). param, square_avg, acc_delta are updated in place, in chunks of
// ADADELTA_CHUNK elements a call (NOINLINE: the convolution's note on the engine's tiering).
#define ADADELTA_CHUNK 4096

static NOINLINE void adadelta_chunk(float* param, const float* grad, float* square_avg, float* acc_delta, int n, int l2,
                                    double wd, double rho, double one_minus_rho, double eps, double neg_lr) {
  for (int i = 0; i < n; i++) {
    double p = param[i], g = grad[i];
    if (l2) g = fma32(wd, p, g);
    double v = fma32(R(g * one_minus_rho), g, R(square_avg[i] * rho));
    double std = R(__builtin_sqrt(R(v + eps)));
    double delta = R(R(R(__builtin_sqrt(R(acc_delta[i] + eps))) / std) * g);
    acc_delta[i] = fma32(R(delta * one_minus_rho), delta, R(acc_delta[i] * rho));
    square_avg[i] = (float)v;
    param[i] = fma32(neg_lr, delta, p);
  }
}

void EXPORT(adadelta_step_f32)(float* param, const float* grad, float* square_avg, float* acc_delta, int n, int l2,
                               double wd, double rho, double one_minus_rho, double eps, double neg_lr) {
  for (int i = 0; i < n; i += ADADELTA_CHUNK)
    adadelta_chunk(param + i, grad + i, square_avg + i, acc_delta + i, n - i < ADADELTA_CHUNK ? n - i : ADADELTA_CHUNK,
                   l2, wd, rho, one_minus_rho, eps, neg_lr);
}

// ---- float64 tensors (_backend/python.py on array('d') buffers) --------------------------------
// The pure-Python backend computes a float64 tensor's elements in Python floats, one IEEE double
// operation per step; these loops take the same steps. (Its + - * / and comparisons are
// binary_f64 / compare_f64 above, its neg, abs, relu, square, sqrt and tanh unary_f64.)

// python.py mm_in_order on float64: each output's products added one by one in k's order from 0.0
// (a separate multiply and add: no fma), the bias added last. a: m x k; b: k x n, or with
// b_transposed n x k, first transposed into scratch (k x n doubles), so that each k-step's
// products come in f64x2 pairs of adjacent columns. Tiles of 4 rows by 4 columns, then single rows,
// then single columns: every output keeps its own running sum.
static void transpose_f64(const double* src, double* dst, int rows, int cols) {  // src rows x cols
  for (int r = 0; r < rows; r++)
    for (int c = 0; c < cols; c++) dst[(long)c * rows + r] = src[(long)r * cols + c];
}

static inline v128_t biased(v128_t sum, const double* bias, int j) {
  return bias ? wasm_f64x2_add(sum, wasm_v128_load(bias + j)) : sum;
}

#define MM_F64_STEP(r)                                                  \
  { v128_t ar = wasm_f64x2_splat(a[(long)(r) * k + p]);                 \
    s##r##0 = wasm_f64x2_add(s##r##0, wasm_f64x2_mul(ar, b0));          \
    s##r##1 = wasm_f64x2_add(s##r##1, wasm_f64x2_mul(ar, b1)); }
#define MM_F64_STORE(r)                                                               \
  wasm_v128_store(out + (long)(r) * n + j, biased(s##r##0, bias, j));                 \
  wasm_v128_store(out + (long)(r) * n + j + 2, biased(s##r##1, bias, j + 2));

static void mm_f64_tile4(const double* a, const double* b, const double* bias, double* out, int k, int n, int j) {
  v128_t z = wasm_f64x2_splat(0.0);
  v128_t s00 = z, s01 = z, s10 = z, s11 = z, s20 = z, s21 = z, s30 = z, s31 = z;
  for (int p = 0; p < k; p++) {
    v128_t b0 = wasm_v128_load(b + (long)p * n + j), b1 = wasm_v128_load(b + (long)p * n + j + 2);
    MM_F64_STEP(0) MM_F64_STEP(1) MM_F64_STEP(2) MM_F64_STEP(3)
  }
  MM_F64_STORE(0) MM_F64_STORE(1) MM_F64_STORE(2) MM_F64_STORE(3)
}

static void mm_f64_tile1(const double* a, const double* b, const double* bias, double* out, int k, int n, int j) {
  v128_t s00 = wasm_f64x2_splat(0.0), s01 = s00;
  for (int p = 0; p < k; p++) {
    v128_t b0 = wasm_v128_load(b + (long)p * n + j), b1 = wasm_v128_load(b + (long)p * n + j + 2);
    MM_F64_STEP(0)
  }
  MM_F64_STORE(0)
}

void EXPORT(mm_f64)(const double* a, const double* b, const double* bias, double* out, int m, int k, int n,
                    int b_transposed, double* scratch) {
  if (b_transposed) {
    transpose_f64(b, scratch, n, k);
    b = scratch;
  }
  int n4 = n - n % 4;
  for (int i = 0; i < m; i += 4) {
    int rows = m - i < 4 ? m - i : 4;
    const double* ai = a + (long)i * k;
    double* oi = out + (long)i * n;
    for (int j = 0; j < n4; j += 4) {
      if (rows == 4) {
        mm_f64_tile4(ai, b, bias, oi, k, n, j);
      } else {
        for (int r = 0; r < rows; r++) mm_f64_tile1(ai + (long)r * k, b, bias, oi + (long)r * n, k, n, j);
      }
    }
    for (int r = 0; r < rows; r++) {
      for (int j = n4; j < n; j++) {
        double sum = 0.0;
        for (int p = 0; p < k; p++) sum += ai[(long)r * k + p] * b[(long)p * n + j];
        oi[(long)r * n + j] = bias ? sum + bias[j] : sum;
      }
    }
  }
}

// python.py's _exp (math.exp: musl's exp there, exp_musl above) and _sigmoid: 1 / (1 + exp(-x)) for
// x >= 0, else e / (1 + e) with e = exp(x) (a nan takes the second form). table: exp_f32's.
static inline double sigmoid_f64_of(double x, const u64* table) {
  if (x >= 0) return 1.0 / (1.0 + exp_musl(-x, table));
  double e = exp_musl(x, table);
  return e / (1.0 + e);
}

void EXPORT(exp_f64)(const double* a, double* out, int n, const u64* table) {
  for (int i = 0; i < n; i++) out[i] = exp_musl(a[i], table);
}

void EXPORT(sigmoid_f64)(const double* a, double* out, int n, const u64* table) {
  for (int i = 0; i < n; i++) out[i] = sigmoid_f64_of(a[i], table);
}

// _aten/reduce.py sum_in_order: each of `rows` runs of k values added in order from 0.0.
void EXPORT(sums_in_order_f64)(const double* x, int k, int rows, double* out) {
  for (int r = 0; r < rows; r++) {
    double total = 0.0;
    for (int i = 0; i < k; i++) total += x[(long)r * k + i];
    out[r] = total;
  }
}

// _aten/reduce.py blocks_sum_from_last: `count` blocks of `width` values end to end added from the
// last block to the first, each sum rounded to float32 (autograd's order over an RNN's steps).
void EXPORT(blocks_sum_from_last_f32)(const float* x, int count, int width, float* out) {
  for (int j = 0; j < width; j++) out[j] = x[(long)(count - 1) * width + j];
  for (int i = count - 2; i >= 0; i--)
    for (int j = 0; j < width; j++) out[j] += x[(long)i * width + j];
}

// _aten/reduce.py var_welford, the evenly spaced case: WelfordOps in float64 over each row's n float32
// values x[starts[r] + i * step], in order; each row's sum of squared deviations (m2) into out.
void EXPORT(welford_m2_f32)(const float* x, const int* starts, int rows, int n, int step, double* out) {
  for (int r = 0; r < rows; r++) {
    const float* row = x + starts[r];
    double mean = 0.0, m2 = 0.0;
    for (int i = 0; i < n; i++) {
      double v = row[(long)i * step];
      double d = v - mean;
      mean += d / (i + 1);
      m2 += d * (v - mean);
    }
    out[r] = m2;
  }
}

// python.py fma on float64: a * b + c with one rounding (math.fma), by fma64 below: Boldo and
// Melquiond's emulation (IEEE Trans. Computers 57(4), 2008). It needs every step free of overflow
// and underflow: an element with a or b outside 2**-450..2**450 in magnitude
// or |c| > 2**900, or any operand not finite, is flagged in undecided (and left to Python, whose
// math.fma raises where C's fma would make an inf or nan of finite operands); a zero a or b makes an
// exact product, so a * b + c rounds once. a or c may be a scalar (null pointer, value in a_scalar /
// c_scalar). Returns the number of undecided elements.
static inline void two_sum(double a, double b, double* s, double* t) {
  *s = a + b;
  double v = *s - a;
  *t = (a - (*s - v)) + (b - v);
}

// a * b + c with one rounding, for wasm, which has no scalar fma: the product exact as p + e
// (two_prod), c + p exact as s + sl (two_sum), the low parts e + sl rounded to odd, then s plus
// that rounded to nearest. Exact while no step overflows or underflows: callers keep to the range.
static inline double fma64(double a, double b, double c) {
  double p, e, s, sl, u, ul;
  two_prod(a, b, &p, &e);
  two_sum(p, c, &s, &sl);
  two_sum(e, sl, &u, &ul);
  if (ul != 0.0 && !(bits64(u) & 1)) u = from_bits64(bits64(u) + (((ul > 0) == (u > 0)) ? 1 : (u64)-1));  // to odd
  return s + u;
}

static inline int fma_f64_safe(double x) {
  double ax = __builtin_fabs(x);
  return ax >= 0x1p-450 && ax <= 0x1p450;
}

int EXPORT(fma_f64)(const double* a, double a_scalar, const double* b, const double* c, double c_scalar,
                    double* out, unsigned char* undecided, int n) {
  int count = 0;
  for (int i = 0; i < n; i++) {
    double x = a ? a[i] : a_scalar, y = b[i], z = c ? c[i] : c_scalar;
    int finite = x - x == 0.0 && y - y == 0.0 && z - z == 0.0;
    int unsure = 0;
    if (finite && (x == 0.0 || y == 0.0)) {
      out[i] = x * y + z;
    } else if (finite && fma_f64_safe(x) && fma_f64_safe(y) && __builtin_fabs(z) <= 0x1p900) {
      out[i] = fma64(x, y, z);
    } else {
      unsure = 1;
      out[i] = 0.0;
    }
    undecided[i] = (unsigned char)unsure;
    count += unsure;
  }
  return count;
}

// ---- the browser's numpy: float32 exp, log, sin, cos, tanh (browser_numpy/numpy/_simd32.py) ----
// numpy's own SIMD algorithms (x86-64-v3), every step rounded as _simd32.py rounds it: each
// operation the float32 one, each multiply-add one fma32. Constants are float32 values: F32 rounds
// the decimal's double to float32, as _simd32's f32() does.
#define F32(c) ((double)(float)(c))

// coefs[0] * x + coefs[1], times x plus coefs[2] ..., each step one fma32 (_simd32._horner).
static inline double fma_horner32(const double* coefs, int n, double x) {
  double p = coefs[0];
  for (int i = 1; i < n; i++) p = fma32(p, x, coefs[i]);
  return p;
}

// _simd32.exp
static float numpy_exp32(double x) {
  if (x != x) return __builtin_nanf("");  // (numpy's default nan, as _simd32 returns)
  if (x >= 88.72283935546875) return __builtin_inf();
  if (x <= -103.97208404541015625) return 0.0f;
  const double num[6] = {F32(5.082762527590693718096e-04), F32(6.757896990527504603057e-03),
                         F32(5.114512081637298353406e-02), F32(2.473615434895520810817e-01),
                         F32(7.257664613233124478488e-01), F32(9.999999999980870924916e-01)};
  const double den[3] = {F32(2.159509375685829852307e-02), F32(-2.742335390411667452936e-01), 1.0};
  double k = __builtin_rint((float)(x * F32(1.442695040888963407359924681001892137))) + 0.0;
  double r = fma32(k, F32(-1.42860677e-6), fma32(k, F32(-6.93145752e-1), x));
  double poly = (float)(fma_horner32(num, 6, r) / fma_horner32(den, 3, r));
  if (k <= -125) return (float)(poly * 0x1p-125 / pow2((int)(-125 - k)));
  return (float)(poly * pow2((int)k));  // |k| <= 128: pow2 is exact
}

// _simd32.log
static float numpy_log32(double x) {
  if (!(x > 0.0) || x == __builtin_inf()) return x != x || x < 0.0 ? __builtin_nanf("") : x == 0.0 ? -__builtin_inf() : (float)x;
  const double num[5] = {F32(2.589979117907922693523e-02), F32(3.808837741388407920751e-01),
                         F32(1.480000633576506585156e+00), F32(2.112677543073053063722e+00),
                         F32(9.999999999999998702752e-01)};  // then times m (its P0 is 0)
  const double den[6] = {F32(5.875095403124574342950e-03), F32(1.546476374983906719538e-01),
                         F32(9.864942958519418960339e-01), F32(2.453006071784736363091e+00),
                         F32(2.612677543073109236779e+00), 1.0};
  double m = frexp_mant(x);  // x is a float32 value: normal as a double
  int k = frexp_exp(x);
  if (m <= F32(0.707106781186547524400844362104849039)) {
    m += m;
    k -= 1;
  }
  m -= 1.0;
  double poly = (float)((double)(float)(fma_horner32(num, 5, m) * m) / fma_horner32(den, 6, m));
  return fma32((double)k, F32(0.693147180559945309417232121458176568), poly);
}

// _simd32._sincos below the limit (quarter_turns 0: sin, 1: cos)
static float numpy_sincos32(double x, int quarter_turns) {
  const double pio2_neg[3] = {-0x1.921fb0p+00, -0x1.5110b4p-22, -0x1.846988p-48};
  const double cos_poly[5] = {0x1.98e616p-16, -0x1.6c06dcp-10, 0x1.55553cp-05, -0x1.000000p-01, 1.0};
  const double sin_poly[4] = {0x1.7d3bbcp-19, -0x1.a06bbap-13, 0x1.11119ap-07, -0x1.555556p-03};
  double k = __builtin_rint((float)(x * 0x1.45f306p-1)) + 0.0;  // (-0.0 becomes +0.0, as in _simd32)
  double r = x;
  for (int i = 0; i < 3; i++) r = fma32(k, pio2_neg[i], r);
  double r2 = (float)(r * r);
  int q = (int)k + quarter_turns;
  double v = (q & 1) ? fma_horner32(cos_poly, 5, r2)
                     : fma32((double)(float)(fma_horner32(sin_poly, 4, r2) * r2) + 0.0, r, r);  // (+ 0.0: as numpy's fma)
  return (float)((q & 2) ? 0.0 - v : v);
}

// _simd32.tanh; table: numpy's 32 intervals, each (b, c0 .. c6) as float32 (kernels.py).
static float numpy_tanh32(float x, const float* table) {
  if (x != x) return __builtin_nanf("");
  unsigned u;
  __builtin_memcpy(&u, &x, 4);
  int top = (int)(u & 0x7FE00000u);
  if (top > 0x7F000000) return __builtin_copysignf(1.0f, x);
  int index = top - 0x3D400000;
  index = (index < 0 ? 0 : index > 0x3E00000 ? 0x3E00000 : index) >> 21;
  const float* row = table + 8 * index;
  double y = (float)((double)__builtin_fabsf(x) - row[0]);
  double r = row[7];
  for (int i = 6; i >= 1; i--) r = fma32(r, y, row[i]);
  return __builtin_copysignf((float)r, x);
}

enum { NUMPY_EXP, NUMPY_LOG, NUMPY_SIN, NUMPY_COS, NUMPY_TANH };

// numpy's float32 op (the enum above) of n elements. sin and cos beyond numpy's limits (where it
// calls libm's sinf/cosf) are left to the caller: flagged in beyond, their count returned.
int EXPORT(numpy_math_f32)(int op, const float* a, float* out, int n, const float* tanh_table,
                           unsigned char* beyond) {
  int count = 0;
  switch (op) {
    case NUMPY_EXP: for (int i = 0; i < n; i++) out[i] = numpy_exp32(a[i]); break;
    case NUMPY_LOG: for (int i = 0; i < n; i++) out[i] = numpy_log32(a[i]); break;
    case NUMPY_TANH: for (int i = 0; i < n; i++) out[i] = numpy_tanh32(a[i], tanh_table); break;
    default: {
      int cos = op == NUMPY_COS;
      double limit = cos ? 71476.0625 : F32(117435.992);
      for (int i = 0; i < n; i++) {
        float x = a[i];
        int far = __builtin_fabsf(x) > limit;
        beyond[i] = (unsigned char)far;
        count += far;
        out[i] = far ? 0.0f : x != x ? __builtin_nanf("") : numpy_sincos32(x, cos);
      }
    }
  }
  return count;
}

// ---- the browser's numpy: float64 tanh (browser_numpy/numpy/_simd64.py) --------------------------
// numpy's own algorithm, each multiply-add one fused rounding (fma64) as _simd64's math.fma.

// table: numpy's 16 intervals, each (b, c0 .. c16) (kernels.py). Elements with 0 < |x| < 2^-60
// (where fma64's low parts could underflow) are flagged in tiny, their count returned.
int EXPORT(numpy_tanh_f64)(const double* a, double* out, int n, const double* table, unsigned char* tiny) {
  int count = 0;
  for (int i = 0; i < n; i++) {
    double x = a[i], ax = __builtin_fabs(x);
    u64 top = bits64(x) & 0x7FF8000000000000ull;
    int small = ax != 0.0 && ax < 0x1p-60;
    tiny[i] = (unsigned char)small;
    count += small;
    if (x != x) {
      out[i] = __builtin_nan("");
    } else if (top > 0x7FE0000000000000ull || ax > 0x1p996) {  // beyond 24 the polynomial is the constant
      out[i] = __builtin_copysign(1.0, x);                       // 1 (and Dekker's split would overflow)
    } else if (!small) {
      long index = (long)(top >> 32) - 0x3FC00000;
      index = (index < 0 ? 0 : index > 0x780000 ? 0x780000 : index) >> 19;
      const double* row = table + 18 * index;
      double y = ax - row[0], r = row[17];
      for (int k = 16; k >= 1; k--) r = fma64(r, y, row[k]);
      out[i] = __builtin_copysign(r, x);
    }
  }
  return count;
}

// ---- the browser's numpy: glibc's float64 exp, log, pow, sin, cos, log1p (pyengine/torch/_libm.py)
// _libm's glibc_exp, glibc_log, glibc_pow, glibc_sin, glibc_cos and glibc_log1p (their FMA builds)
// step for step, each _fma there one fma64 here. data: _libm_data's constants and tables, laid out
// as the enum below (_libm.KERNEL_DATA: this module has no data). An element whose Python path
// does not reach the algorithm's arithmetic (exp's and pow's special cases and overflows, sin's
// and cos's huge arguments: math's answers or exceptions there) or whose fused steps would leave
// fma64's exact range is flagged in left (and left to the caller); the count of those is returned.
enum {
  LIBM_LOG_POLY = 0, LIBM_LOG_POLY1 = 5, LIBM_LN2_HI = 16, LIBM_LN2_LO, LIBM_EXP_INV_LN2_N, LIBM_EXP_NEG_LN2_HI_N,
  LIBM_EXP_NEG_LN2_LO_N, LIBM_EXP_C2, LIBM_EXP_C3, LIBM_EXP_C4, LIBM_EXP_C5, LIBM_POW_POLY = 25,
  LIBM_LOG_TAB = 32, LIBM_POW_TAB = LIBM_LOG_TAB + 2 * 128, LIBM_EXP_TAB = LIBM_POW_TAB + 3 * 128,  // 2 * 128 words
  LIBM_SINCOS_TAB = LIBM_EXP_TAB + 2 * 128  // 110 x (sin x0, its remainder, cos x0, its remainder)
};

#define INLINE static inline __attribute__((always_inline))  // (no stack for the flags and out-parameters)

// fma64(a, b, c), *unsure set where its steps may not be exact (a product below 2**-900 or above
// 2**1000, an operand beyond 2**995). A zero product is exact: a * b + c rounds once.
INLINE double fma64_checked(double a, double b, double c, int* unsure) {
  if (a == 0.0 || b == 0.0) return a * b + c;
  double p = __builtin_fabs(a * b);
  *unsure |= !(p >= 0x1p-900 && p <= 0x1p1000 && __builtin_fabs(a) <= 0x1p995 && __builtin_fabs(b) <= 0x1p995 &&
               __builtin_fabs(c) <= 0x1p1000);
  return fma64(a, b, c);
}

#define FMA(a, b, c) fma64_checked(a, b, c, unsure)
// glibc sin's and cos's polynomials (after the table's x0)
#define SN3 -1.66666666666664880952546298448555E-01
#define SN5 8.33333214285722277379541354343671E-03
#define CS4 -4.16666666666664434524222570944589E-02
#define CS6 1.38888874007937613028114285595617E-03

// _libm._exp_inline: exp(x + xtail), negated when sign_bias is set; inf where it overflows.
INLINE double glibc_exp_inline(double x, double xtail, u64 sign_bias, const double* d, int* unsure) {
  double ax = __builtin_fabs(x);
  if (ax < 0x1p-54) return sign_bias ? -(1.0 + x) : 1.0 + x;
  if (ax >= 1024.0) return __builtin_copysign(x < 0 ? 0.0 : __builtin_inf(), sign_bias ? -1.0 : 1.0);
  int special = ax >= 512.0;  // the scale may leave the exponent range: shifted first
  double kd = FMA(d[LIBM_EXP_INV_LN2_N], x, 0x1.8p52);
  u64 ki = bits64(kd);
  kd -= 0x1.8p52;
  double r = FMA(kd, d[LIBM_EXP_NEG_LN2_LO_N], FMA(kd, d[LIBM_EXP_NEG_LN2_HI_N], x)) + xtail;
  const u64* table = (const u64*)(d + LIBM_EXP_TAB) + 2 * (ki & 127);
  double tail = from_bits64(table[0]);
  u64 sbits = table[1] + ((ki + sign_bias) << 45);
  double r2 = r * r;
  double tmp = FMA(r2 * r2, FMA(r, d[LIBM_EXP_C5], d[LIBM_EXP_C4]),
                   FMA(r2, FMA(r, d[LIBM_EXP_C3], d[LIBM_EXP_C2]), tail + r));
  if (!special) {
    double scale = from_bits64(sbits);
    return FMA(scale, tmp, scale);
  }
  if (!(ki & 0x80000000)) {  // k > 0: the scale's exponent may have overflowed by up to 460
    double scale = from_bits64(sbits - (1009ull << 52));
    return 0x1p1009 * FMA(scale, tmp, scale);
  }
  double scale = from_bits64(sbits + (1022ull << 52));
  double p = scale * tmp, y = scale + p;  // (not fused: p is used twice)
  if (__builtin_fabs(y) < 1.0) {  // a subnormal result: rounded to its precision before the scaling
    double one = y < 0.0 ? -1.0 : 1.0;
    double lo = scale - y + p;
    double hi = one + y;
    lo = one - hi + y + lo;
    y = (hi + lo) - one;
    if (y == 0.0) y = __builtin_copysign(0.0, scale);
  }
  return 0x1p-1022 * y;
}

// _libm.glibc_log for a positive finite x.
INLINE double glibc_log_positive(double x, const double* d, int* unsure) {
  const double* a = d + LIBM_LOG_POLY;
  if (x >= 1.0 - 0x1p-4 && x < 1.0 + 0x1.09p-4) {  // near 1: a polynomial in x - 1 alone
    if (x == 1.0) return 0.0;
    const double* b = d + LIBM_LOG_POLY1;
    double r = x - 1.0, r2 = r * r, r3 = r * r2;
    double p = FMA(r3, FMA(r3, FMA(r3, b[10], FMA(r2, b[9], FMA(r, b[8], b[7]))), FMA(r2, b[6], FMA(r, b[5], b[4]))),
                   FMA(r2, b[3], FMA(r, b[2], b[1])));
    double w = r * 134217728.0;  // r = rhi + rlo, rhi of 26 bits: rhi * rhi is exact
    double rhi = r + w - w, rlo = r - rhi;
    w = rhi * rhi * b[0];
    double hi = r + w;
    double lo = FMA(b[0] * rlo, rhi + r, r - hi + w);
    return FMA(r3, p, lo) + hi;
  }
  u64 ix = bits64(x);
  if (ix < 0x0010000000000000ull) ix = bits64(x * 0x1p52) - (52ull << 52);  // subnormal: scaled by 2**52
  u64 tmp = ix - 0x3FE6000000000000ull;
  const double* entry = d + LIBM_LOG_TAB + 2 * ((tmp >> 45) & 127);
  long long k = (long long)tmp >> 52;
  double z = from_bits64(ix - ((u64)k << 52));
  double r = FMA(z, entry[0], -1.0);
  double w = (double)k * d[LIBM_LN2_HI] + entry[1];
  double hi = w + r;
  double lo = FMA((double)k, d[LIBM_LN2_LO], w - hi + r);
  double r2 = r * r;
  return FMA(r * r2, FMA(r2, FMA(r, a[4], a[3]), FMA(r, a[2], a[1])), FMA(r2, a[0], lo)) + hi;
}

// _libm._pow_log: log of the positive double with bits ix as *hi + *lo.
INLINE void glibc_pow_log(u64 ix, const double* d, double* hi_out, double* lo_out, int* unsure) {
  const double* p = d + LIBM_POW_POLY;
  u64 tmp = ix - 0x3FE6955500000000ull;
  const double* entry = d + LIBM_POW_TAB + 3 * ((tmp >> 45) & 127);
  long long k = (long long)tmp >> 52;
  double z = from_bits64(ix - ((u64)k << 52));
  double r = FMA(z, entry[0], -1.0);
  double t1 = FMA((double)k, d[LIBM_LN2_HI], entry[1]), t2 = t1 + r;
  double lo1 = FMA((double)k, d[LIBM_LN2_LO], entry[2]), lo2 = t1 - t2 + r;
  double ar = p[0] * r, ar2 = r * ar, ar3 = r * ar2;
  double hi = t2 + ar2;
  double lo3 = FMA(ar, r, -ar2), lo4 = t2 - hi + ar2;
  double q = FMA(ar2, FMA(ar2, FMA(r, p[6], p[5]), FMA(r, p[4], p[3])), FMA(r, p[2], p[1]));
  double lo = FMA(ar3, q, lo1 + lo2 + lo3 + lo4);
  double y = hi + lo;
  *hi_out = y;
  *lo_out = hi - y + lo;
}

// _libm.glibc_pow(x, y) where it computes: x and y finite and nonzero, 2**-65 <= |y| < 2**63, the
// result finite (*unsure set otherwise); a negative x to a non-integer y is nan, as the browser
// numpy's _power makes it of the ValueError.
INLINE double glibc_pow_computed(double x, double y, const double* d, int* unsure) {
  double ax = __builtin_fabs(x), ay = __builtin_fabs(y);
  if (!(x != 0.0 && ax < __builtin_inf() && ay >= 0x1p-65 && ay < 0x1p63)) {
    *unsure = 1;
    return 0.0;
  }
  u64 sign_bias = 0;
  if (x < 0.0) {
    if (y != __builtin_trunc(y)) return __builtin_nan("");  // (Python's pow raises: the caller's answer, nan)
    if (ay < 0x1p53 && ((long long)y & 1)) sign_bias = 0x800ull << 7;
  }
  u64 ix = bits64(ax);
  if (ix < 0x0010000000000000ull) ix = bits64(ax * 0x1p52) - (52ull << 52);  // subnormal: scaled by 2**52
  double hi, lo;
  glibc_pow_log(ix, d, &hi, &lo, unsure);
  double ehi = y * hi;
  // (beyond 1024 the tail is not read: _exp_inline's answer is 0 or inf whatever it is)
  double etail = __builtin_fabs(ehi) < 1024.0 ? FMA(y, lo, FMA(y, hi, -ehi)) : 0.0;
  double result = glibc_exp_inline(ehi, etail, sign_bias, d, unsure);
  *unsure |= __builtin_fabs(result) == __builtin_inf();
  return result;
}

// _libm._sin_small: sin(x + dx), |x| <= 0.86 or so, |dx| tiny
INLINE double glibc_sin_small(double x, double dx, const double* d, int* unsure) {
  if (__builtin_fabs(x) < 0.126) {
    double xx = x * x;
    double p = FMA(xx, FMA(xx, FMA(xx, FMA(xx, -0x1.ADDFFC2FCDF59p-26, 0x1.71DE27B9A7ED9p-19), -0x1.A01A019DB08B8p-13),
                           0x1.1111111110ECEp-7), -0x1.5555555555555p-3);
    return x + FMA(xx, FMA(p, x, -0.5 * dx), dx);
  }
  double sign = x;
  if (x <= 0) dx = -dx;
  x = __builtin_fabs(x);
  double x0 = (x + 52776558133248.0) - 52776558133248.0;  // x rounded to a multiple of 1/128
  const double* e = d + LIBM_SINCOS_TAB + 4 * (int)(x0 * 128);
  x -= x0;
  double xx = x * x;
  double s = x + FMA(x * xx, FMA(xx, SN5, SN3), dx);
  double c = FMA(x, dx, xx * FMA(xx, FMA(xx, CS6, CS4), 0.5));
  return __builtin_copysign(e[0] + FMA(s, e[2], FMA(-c, e[0], FMA(s, e[3], e[1]))), sign);
}

// _libm._cos_small: cos(x + dx), |x| <= 0.86 or so, |dx| tiny
INLINE double glibc_cos_small(double x, double dx, const double* d, int* unsure) {
  if (x < 0) dx = -dx;
  x = __builtin_fabs(x);
  double x0 = (x + 52776558133248.0) - 52776558133248.0;
  const double* e = d + LIBM_SINCOS_TAB + 4 * (int)(x0 * 128);
  x = (x - x0) + dx;
  double xx = x * x;
  double s = FMA(x * xx, FMA(xx, SN5, SN3), x);
  double c = xx * FMA(xx, FMA(xx, CS6, CS4), 0.5);
  return e[2] + FMA(-s, e[0], FMA(-c, e[2], FMA(-s, e[1], e[3])));
}

// _libm.glibc_sin (cos: glibc_cos) below _REDUCE (larger arguments, inf and nan: *unsure set)
INLINE double glibc_sin_cos(double x, int cos, const double* d, int* unsure) {
  const double hp0 = 0x1.921FB54442D18p0, hp1 = 0x1.1A62633145C07p-54;  // pi/2 = hp0 + hp1
  double ax = __builtin_fabs(x);
  if (ax < (cos ? 0x1p-27 : 0x1p-26)) return cos ? 1.0 : x;
  if (ax < 0x1.b6p-1) return cos ? glibc_cos_small(x, 0.0, d, unsure) : glibc_sin_small(x, 0.0, d, unsure);
  if (ax < 0x1.368fdp1) {
    double y = hp0 - ax;
    if (!cos) return __builtin_copysign(glibc_cos_small(y, hp1, d, unsure), x);
    double a = y + hp1;
    return glibc_sin_small(a, (y - a) + hp1, d, unsure);
  }
  if (!(ax < 0x1.921fbp26)) {
    *unsure = 1;
    return 0.0;
  }
  // _libm._reduce: x = n pi/2 + a + da, pi/2 in pieces short enough for exact products
  double t = FMA(x, 0x1.45F306DC9C883p-1, 6755399441055744.0), xn = t - 6755399441055744.0;
  double y = FMA(-xn, -0x1.DDE973C000000p-27, FMA(-xn, 0x1.921FB58000000p0, x));
  double t2 = FMA(-xn, -0x1.CB3B398000000p-55, y);
  double da = FMA(-xn, -0x1.CB3B398000000p-55, y - t2);
  double a = FMA(-xn, -0x1.d747f23e32ed7p-83, t2);
  da += FMA(-xn, -0x1.d747f23e32ed7p-83, t2 - a);
  int n = (int)((long long)xn & 3) + cos;
  double value = n & 1 ? glibc_cos_small(a, da, d, unsure) : glibc_sin_small(a, da, d, unsure);
  return n & 2 ? -value : value;
}

// _libm.glibc_log1p (fdlibm's s_log1p.c in its FMA build) for x > -1: k ln2 + log(u), u = 1 + x
// scaled into [sqrt(2)/2, sqrt(2)), c the rounding error of 1 + x
INLINE double glibc_log1p_above_minus_one(double x, int* unsure) {
  const double ln2_hi = 6.93147180369123816490e-01, ln2_lo = 1.90821492927058770002e-10;
  int hx = (int)(bits64(x) >> 32), ax = hx & 0x7fffffff, k = 1, hu = 0;
  double f = 0.0, c = 0.0;
  if (hx < 0x3FDA827A) {  // x < 0.41422
    if (ax < 0x3E200000) return ax < 0x3C900000 ? x : x - x * x * 0.5;  // |x| < 2**-29
    if (hx > 0 || hx <= -0x402d413d) {  // -0.2929 < x < 0.41422
      k = 0;
      f = x;
      hu = 1;
    }
  } else if (hx >= 0x7FF00000) {
    return x + x;
  }
  if (k) {
    double u = x;
    if (hx < 0x43400000) {
      u = 1.0 + x;
      hu = (int)(bits64(u) >> 32);
      k = (hu >> 20) - 1023;
      c = (k > 0 ? 1.0 - (u - x) : x - (u - 1.0)) / u;
    } else {
      hu = hx;
      k = (hu >> 20) - 1023;
    }
    hu &= 0x000FFFFF;
    if (hu >= 0x6A09E) {
      k += 1;
      u = from_bits64((bits64(u) & 0xFFFFFFFFull) | (u64)(hu | 0x3FE00000) << 32);
      hu = (0x00100000 - hu) >> 2;
    } else {
      u = from_bits64((bits64(u) & 0xFFFFFFFFull) | (u64)(hu | 0x3FF00000) << 32);
    }
    f = u - 1.0;
  }
  double hfsq = 0.5 * f * f;
  if (hu == 0) {  // |f| < 2**-20
    if (f == 0.0) return k == 0 ? 0.0 : k * ln2_hi + (c + k * ln2_lo);
    double r = hfsq * (1.0 - 0.66666666666666666 * f);
    return k == 0 ? f - r : k * ln2_hi - ((r - (k * ln2_lo + c)) - f);
  }
  double s = f / (2.0 + f), z = s * s, z2 = z * z, z4 = z2 * z2;
  double r = FMA(z, 6.666666666666735130e-01, z2 * FMA(z, 2.857142874366239149e-01, 3.999999999940941908e-01));
  r = FMA(z4 * z2, FMA(z, 1.479819860511658591e-01, 1.531383769920937332e-01),
          FMA(z4, FMA(z, 1.818357216161805012e-01, 2.222219843214978396e-01), r));
  if (k == 0) return f - (hfsq - s * (hfsq + r));
  return FMA((double)k, ln2_hi, -((hfsq - (s * (hfsq + r) + FMA((double)k, ln2_lo, c))) - f));
}

#undef FMA
#undef SN3
#undef SN5
#undef CS4
#undef CS6

enum { LIBM_EXP, LIBM_LOG, LIBM_SIN, LIBM_COS, LIBM_LOG1P };

// glibc's exp, log, sin, cos or log1p (the enum above) of n elements.
int EXPORT(glibc_math_f64)(int op, const double* a, double* out, int n, const double* data, unsigned char* left) {
  int count = 0;
  for (int i = 0; i < n; i++) {
    double x = a[i], y = 0.0;
    int unsure = 0;
    if (op == LIBM_EXP) {
      unsure = !(__builtin_fabs(x) < 1024.0);  // (nan too)
      if (!unsure) y = glibc_exp_inline(x, 0.0, 0, data, &unsure);
      unsure |= y == __builtin_inf();
    } else if (op == LIBM_LOG) {  // (the special cases as the browser numpy's _log gives them)
      y = x > 0.0 && x < __builtin_inf() ? glibc_log_positive(x, data, &unsure)
          : x == 0.0 ? -__builtin_inf() : x == __builtin_inf() ? x : __builtin_nan("");
    } else if (op == LIBM_LOG1P) {  // (x <= -1 and nan as the browser numpy's log1p gives them)
      y = x > -1.0 ? glibc_log1p_above_minus_one(x, &unsure) : x == -1.0 ? -__builtin_inf() : __builtin_nan("");
    } else {
      y = glibc_sin_cos(x, op == LIBM_COS, data, &unsure);
    }
    left[i] = (unsigned char)unsure;
    count += unsure;
    out[i] = y;
  }
  return count;
}

// glibc's pow(x, y) of n elements x and one y.
int EXPORT(glibc_pow_f64)(const double* a, double y, double* out, int n, const double* data, unsigned char* left) {
  int count = 0;
  for (int i = 0; i < n; i++) {
    int unsure = 0;
    out[i] = glibc_pow_computed(a[i], y, data, &unsure);
    left[i] = (unsigned char)unsure;
    count += unsure;
  }
  return count;
}

// ---- the browser's numpy: glibc's float functions (pyengine/torch/_aten/_libm32.py) -----------
// numpy's float32 expm1, sinh, cosh, tan, arctan, arcsin, exp2, log2, log10, log1p, arcsinh,
// arccosh and arctanh below AVX-512 are glibc's float functions: _libm32's *f_glibc1 step for step
// (R: rounded to float32 where they round; their float64 steps as they are). Tables and double
// coefficients come from the caller in one array of doubles, float32 coefficients in one of floats
// (_libm32.KERNEL_TABLES, KERNEL_POLYS), laid out as the enums below.
enum { T_EXP2 = 0, T_LOGF = 32, T_LOG2F = 64, T_INV_PIO4 = 80, T_EXP2_POLY = 104, T_LOG2_POLY = 107,
       T_LOGF_POLY = 111, T_POWF_POLY = 114 };
enum { P_ATAN_HI = 0, P_ATAN_LO = 4, P_ATAN_ODD = 8, P_ATAN_EVEN = 14, P_TAN_ODD = 19, P_TAN_EVEN = 25, P_LOG1P = 31,
       P_ASIN = 38 };
INLINE double sqrtf_r(double v) { return R(__builtin_sqrt(v)); }

// _libm32.logf_glibc1 (log2: log2f_glibc1, the same split)
INLINE double logf_or_log2f(double x, int base2, const double* t) {
  unsigned ix = bits32(x);
  if (ix == 0x3f800000) return 0.0;
  if (ix - 0x00800000u >= 0x7f800000u - 0x00800000u) {  // subnormal, <= 0, inf or nan
    if ((ix & 0x7fffffff) == 0) return -__builtin_inf();
    if (ix == 0x7f800000 || x != x) return x;
    if (ix & 0x80000000) return __builtin_nan("");
    ix = bits32(x * 8388608.0) - (23u << 23);  // a subnormal, normalised
  }
  unsigned tmp = ix - 0x3f330000;
  int i = (tmp >> 19) & 15, k = (int)tmp >> 23;
  double r = f32_of_bits(ix - (tmp & 0xff800000u)) * t[T_LOGF + 2 * i] - 1.0, r2 = r * r;
  if (base2) {
    const double* c = t + T_LOG2_POLY;
    double y = c[0] * r2 + (c[1] * r + c[2]);
    return R(y * r2 + (c[3] * r + (t[T_LOG2F + i] + k)));
  }
  const double* c = t + T_LOGF_POLY;
  double y0 = t[T_LOGF + 2 * i + 1] + k * 0x1.62e42fefa39efp-1;
  double y = c[0] * r2 + (c[1] * r + c[2]);
  return R(y * r2 + (y0 + r));
}

// _libm32.exp2f_glibc1
INLINE double exp2f_glibc(double x, const double* t) {
  if (!(x > -150.0 && x < 128.0)) return x != x || x == __builtin_inf() ? x + x : x < 0.0 ? 0.0 : __builtin_inf();
  double kd = (x + 0x1.8p52 / 32) - 0x1.8p52 / 32;  // x rounded to a multiple of 1/32
  int k = (int)(kd * 32);
  double r = x - kd, s = t[T_EXP2 + (k & 31)] * pow2(k >> 5);
  const double* c = t + T_EXP2_POLY;
  return R(((c[0] * r + c[1]) * (r * r) + (c[2] * r + 1.0)) * s);
}

// _libm32.log1pf_glibc1 (fdlibm's, every operation a float32 one)
INLINE double log1pf_glibc(double x, const float* p) {
  const double ln2_hi = f32_of_bits(0x3f317180), ln2_lo = f32_of_bits(0x3717f7d1);
  int hx = (int)bits32(x), ax = hx & 0x7fffffff, k = 1, hu = 0;
  double f = 0.0, c = 0.0;
  if (hx < 0x3ed413d7) {  // x < 0.41422
    if (ax >= 0x3f800000) return x == -1.0 ? -__builtin_inf() : __builtin_nan("");
    if (ax < 0x31000000) return ax < 0x24800000 ? x : R(x - R(R(x * x) * 0.5));
    if (hx > 0 || hx <= -0x416a09e1) {  // -0.2929 < x < 0.41422
      k = 0;
      f = x;
      hu = 1;
    }
  } else if (hx >= 0x7f800000) {
    return x + x;
  }
  if (k) {
    double u;
    if (hx < 0x5a000000) {
      u = R(1.0 + x);
      hu = (int)bits32(u);
      k = (hu >> 23) - 127;
      c = k > 0 ? R(1.0 - R(u - x)) : R(x - R(u - 1.0));
      c = R(c / u);
    } else {
      u = x;
      hu = hx;
      k = (hu >> 23) - 127;
    }
    hu &= 0x007fffff;
    if (hu < 0x3504f7) {
      u = f32_of_bits((unsigned)hu | 0x3f800000);
    } else {
      k += 1;
      u = f32_of_bits((unsigned)hu | 0x3f000000);
      hu = (0x00800000 - hu) >> 2;
    }
    f = R(u - 1.0);
  }
  double hfsq = R(R(0.5 * f) * f), k_ln2_hi = R(k * ln2_hi), k_ln2_lo = R(k * ln2_lo);
  if (hu == 0) {  // |f| < 2**-20
    if (f == 0.0) return k == 0 ? 0.0 : R(k_ln2_hi + R(c + k_ln2_lo));
    double r = R(hfsq * R(1.0 - R(F32(0.66666666666666666) * f)));
    return k == 0 ? R(f - r) : R(k_ln2_hi - R(R(r - R(k_ln2_lo + c)) - f));
  }
  double s = R(f / R(2.0 + f)), z = R(s * s);
  double r = R(z * horner32(p + P_LOG1P, 7, z));
  if (k == 0) return R(f - R(hfsq - R(s * R(hfsq + r))));
  return R(k_ln2_hi - R(R(hfsq - R(R(s * R(hfsq + r)) + R(k_ln2_lo + c))) - f));
}

// _libm32.log10f_glibc1 (fdlibm's over logf)
INLINE double log10f_glibc(double x, const double* t) {
  unsigned hx = bits32(x);
  int k = 0;
  if ((hx & 0x80000000) || hx < 0x00800000) {
    if ((hx & 0x7fffffff) == 0) return -__builtin_inf();
    if (hx & 0x80000000) return x == x ? __builtin_nan("") : x;
    k = -25;
    x = R(x * 33554432.0);
    hx = bits32(x);
  }
  if (hx >= 0x7f800000) return x + x;
  k += (int)(hx >> 23) - 127;
  int i = k < 0;
  double y = k + i;
  double m = f32_of_bits((hx & 0x007fffff) | ((unsigned)(0x7f - i) << 23));
  double z = R(R(y * f32_of_bits(0x355427db)) + R(f32_of_bits(0x3ede5bd9) * logf_or_log2f(m, 0, t)));
  return R(z + R(y * f32_of_bits(0x3e9a2080)));
}

// _libm32.sinhf_glibc1, coshf_glibc1 (fdlibm's over expm1f and expf)
INLINE double sinhf_glibc(double x, const double* t) {
  unsigned ix = bits32(x) & 0x7fffffff;
  double ax = __builtin_fabs(x), h = __builtin_copysign(0.5, x);
  if (ix >= 0x7f800000) return x + x;
  if (ix < 0x41b00000) {  // |x| < 22: from expm1
    if (ix < 0x31800000) return x;
    double e = expm1f_glibc(ax);
    if (ix < 0x3f800000) return R(h * R(R(2.0 * e) - R(R(e * e) / R(e + 1.0))));
    return R(h * R(e + R(e / R(e + 1.0))));
  }
  if (ix < 0x42b17180) return R(h * expf_glibc(ax, t + T_EXP2));
  if (ix <= 0x42b2d4fc) {  // e^|x| overflows, e^|x|/2 not: halve the exponent
    double w = expf_glibc(R(0.5 * ax), t + T_EXP2);
    return R(R(h * w) * w);
  }
  return __builtin_copysign(__builtin_inf(), x);
}

INLINE double coshf_glibc(double x, const double* t) {
  unsigned ix = bits32(x) & 0x7fffffff;
  double ax = __builtin_fabs(x);
  if (ix < 0x41b00000) {  // |x| < 22
    if (ix < 0x3eb17218) {  // |x| < ln2 / 2: 1 + expm1(|x|)^2 / (2 e^|x|)
      if (ix < 0x24000000) return 1.0;
      double e = expm1f_glibc(ax), w = R(1.0 + e);
      return R(1.0 + R(R(e * e) / R(w + w)));
    }
    double e = expf_glibc(ax, t + T_EXP2);
    return R(R(0.5 * e) + R(0.5 / e));
  }
  if (ix < 0x42b17180) return R(0.5 * expf_glibc(ax, t + T_EXP2));
  if (ix <= 0x42b2d4fc) {
    double w = expf_glibc(R(0.5 * ax), t + T_EXP2);
    return R(R(0.5 * w) * w);
  }
  return ix >= 0x7f800000 ? x * x : __builtin_inf();
}

// _libm32.atanf_glibc1
INLINE double atanf_glibc(double x, const float* p) {
  unsigned hx = bits32(x), ix = hx & 0x7fffffff;
  int i = -1;
  if (ix >= 0x4c000000) return x != x ? x + x : __builtin_copysign(R(p[P_ATAN_HI + 3] + (double)p[P_ATAN_LO + 3]), x);
  if (ix < 0x3ee00000) {  // |x| < 0.4375
    if (ix < 0x31000000) return x;
  } else {
    x = __builtin_fabs(x);
    if (ix < 0x3f300000) {  // [7/16, 11/16)
      i = 0;
      x = R(R(R(2.0 * x) - 1.0) / R(2.0 + x));
    } else if (ix < 0x3f980000) {  // [11/16, 19/16)
      i = 1;
      x = R(R(x - 1.0) / R(x + 1.0));
    } else if (ix < 0x401c0000) {  // [19/16, 39/16)
      i = 2;
      x = R(R(x - 1.5) / R(1.0 + R(1.5 * x)));
    } else {
      i = 3;
      x = R(-1.0 / x);
    }
  }
  double z = R(x * x), w = R(z * z);
  double s = R(R(z * horner32(p + P_ATAN_ODD, 6, w)) + R(w * horner32(p + P_ATAN_EVEN, 5, w)));
  if (i < 0) return R(x - R(x * s));
  z = R(p[P_ATAN_HI + i] - R(R(R(x * s) - p[P_ATAN_LO + i]) - x));
  return (hx & 0x80000000) ? -z : z;
}

// _libm32.asinf_glibc1
INLINE double asinf_glibc(double x, const float* p) {
  const double pio2_hi = F32(1.57079637050628662109375), pio2_lo = F32(-4.37113900018624283e-8),
               pio4_hi = F32(0.785398185253143310546875);
  unsigned hx = bits32(x), ix = hx & 0x7fffffff;
  if (ix == 0x3f800000) return R(R(x * pio2_hi) + R(x * pio2_lo));
  if (ix > 0x3f800000) return x == x ? __builtin_nan("") : x;
  if (ix < 0x3f000000) {  // |x| < 0.5
    if (ix < 0x32000000) return x;
    double t = R(x * x);
    return R(x + R(x * R(t * horner32(p + P_ASIN, 5, t))));
  }
  double t = R(R(1.0 - __builtin_fabs(x)) * 0.5);
  double q = R(t * horner32(p + P_ASIN, 5, t)), s = sqrtf_r(t);
  if (ix >= 0x3F79999A) {  // |x| > 0.975
    t = R(pio2_hi - R(R(2.0 * R(s + R(s * q))) - pio2_lo));
  } else {
    double w = f32_of_bits(bits32(s) & 0xfffff000);
    double c = R(R(t - R(w * w)) / R(s + w));
    q = R(R(R(2.0 * s) * q) - R(pio2_lo - R(2.0 * c)));
    t = R(pio4_hi - R(q - R(pio4_hi - R(2.0 * w))));
  }
  return (hx & 0x80000000) ? -t : t;
}

// _libm32.asinhf_glibc1, acoshf_glibc1, atanhf_glibc1 (fdlibm's over logf and log1pf)
#define LN2F F32(6.9314718246e-01)

INLINE double asinhf_glibc(double x, const double* t, const float* p) {
  unsigned ix = bits32(x) & 0x7fffffff;
  if (ix >= 0x7F800000) return x + x;
  if (ix < 0x38000000) return x;  // |x| < 2^-14
  double ax = __builtin_fabs(x), w;
  if (ix > 0x47000000) {  // |x| > 2^14
    w = R(logf_or_log2f(ax, 0, t) + LN2F);
  } else if (ix > 0x40000000) {  // 2 < |x| <= 2^14
    w = logf_or_log2f(R(R(2.0 * ax) + R(1.0 / R(sqrtf_r(R(R(x * x) + 1.0)) + ax))), 0, t);
  } else {
    double q = R(x * x);
    w = log1pf_glibc(R(ax + R(q / R(1.0 + sqrtf_r(R(1.0 + q))))), p);
  }
  return x > 0 ? w : -w;
}

INLINE double acoshf_glibc(double x, const double* t, const float* p) {
  unsigned hx = bits32(x);
  if (hx >= 0x80000000 || hx < 0x3F800000) return __builtin_nan("");  // x < 1 (and nan with the sign bit)
  if (hx >= 0x4D800000) return hx >= 0x7F800000 ? x + x : R(logf_or_log2f(x, 0, t) + LN2F);
  if (hx == 0x3F800000) return 0.0;
  if (hx > 0x40000000) return logf_or_log2f(R(R(2.0 * x) - R(1.0 / R(x + sqrtf_r(R(R(x * x) - 1.0))))), 0, t);
  double u = R(x - 1.0);
  return log1pf_glibc(R(u + sqrtf_r(R(R(2.0 * u) + R(u * u)))), p);
}

INLINE double atanhf_glibc(double x, const float* p) {
  double xa = __builtin_fabs(x), t;
  if (xa < 0.5) {
    if (xa < 0x1p-28) return x;
    t = R(xa + xa);
    t = R(0.5 * log1pf_glibc(R(t + R(R(t * xa) / R(1.0 - xa))), p));
  } else if (xa < 1.0) {
    t = R(0.5 * log1pf_glibc(R(R(xa + xa) / R(1.0 - xa)), p));
  } else if (xa > 1.0 || x != x) {
    return __builtin_nan("");
  } else {
    return __builtin_copysign(__builtin_inf(), x);
  }
  return __builtin_copysign(t, x);
}

// _libm32._kernel_tanf: tan(x + y) (iy = 1) or -1/tan(x + y) (iy = -1) for |x + y| <= pi/4
INLINE double kernel_tanf(double x, double y, int iy, const float* p) {
  const double pio4 = F32(7.8539812565e-01), pio4lo = F32(3.7748947079e-08);
  unsigned hx = bits32(x), ix = hx & 0x7fffffff;
  int negative = hx >> 31;
  if (ix < 0x39000000) {  // |x| < 2^-13
    if (ix == 0 && iy == -1) return R(1.0 / __builtin_fabs(x));
    return iy == 1 ? x : R(-1.0 / x);
  }
  int big = ix >= 0x3f2ca140;  // |x| >= 0.6744: tan(pi/4 - |x|)
  if (big) {
    if (negative) {
      x = -x;
      y = -y;
    }
    x = R(R(pio4 - x) + R(pio4lo - y));
    y = 0.0;
    if (__builtin_fabs(x) < 0x1p-13) return (negative ? -1 : 1) * iy * R(1.0 - R(2 * iy * x));
  }
  double z = R(x * x), w = R(z * z);
  double r = horner32(p + P_TAN_ODD, 6, w), v = R(z * horner32(p + P_TAN_EVEN, 6, w)), s = R(z * x);
  r = R(y + R(z * R(R(s * R(r + v)) + y)));
  r = R(r + R(F32(3.3333334327e-01) * s));
  w = R(x + r);
  if (big) {
    v = iy;
    double tt = R(v - R(2.0 * R(x - R(R(R(w * w) / R(w + v)) - r))));
    return negative ? -tt : tt;
  }
  if (iy == 1) return w;
  z = f32_of_bits(bits32(w) & 0xfffff000);  // -1/(x + r) accurately
  v = R(r - R(z - x));
  double a = R(-1.0 / w), tt = f32_of_bits(bits32(a) & 0xfffff000);
  s = R(1.0 + R(tt * z));
  return R(tt + R(a * R(s + R(tt * v))));
}

// _libm32.tanf_glibc1: sinf's range reduction (without FMA), then the kernel
INLINE double tanf_glibc(double x, const double* t, const float* p) {
  unsigned xi = bits32(x), ix = xi & 0x7fffffff;
  if (ix <= 0x3f490fda) return kernel_tanf(x, 0.0, 1, p);
  if (ix >= 0x7f800000) return __builtin_nan("");
  double dx;
  long long n;
  if (((xi >> 20) & 0x7ff) < 0x42f) {  // |x| < 120: _reduce_fast
    n = ((long long)(x * 0x1.45F306DC9C883p+23) + 0x800000) >> 24;
    dx = x - n * 0x1.921FB54442D18p0;
  } else {  // _reduce_large: |x| mod pi/2 from 4/pi's bits (a 32 x 96-bit product)
    const double* w = t + T_INV_PIO4 + ((xi >> 26) & 15);
    u64 m = (u64)((xi & 0xffffff) | 0x800000) << ((xi >> 23) & 7);
    u64 res0 = (m * (u64)w[8]) >> 32 | (m * (u64)w[0]) << 32;
    res0 += m * (u64)w[4];
    n = (long long)((res0 + (1ull << 61)) >> 62);
    res0 -= (u64)n << 62;
    dx = (double)(long long)res0 * 0x1.921FB54442D18p-62;
    if (x < 0) dx = -dx;
  }
  double y0 = R(dx);
  return kernel_tanf(y0, R(dx - y0), 1 - (int)((n & 1) << 1), p);
}

enum { GLIBC_EXPM1, GLIBC_SINH, GLIBC_COSH, GLIBC_TAN, GLIBC_ARCTAN, GLIBC_ARCSIN, GLIBC_EXP2, GLIBC_LOG2, GLIBC_LOG10,
       GLIBC_LOG1P, GLIBC_ARCSINH, GLIBC_ARCCOSH, GLIBC_ARCTANH };

// glibc's float function `op` (the enum above) of n float32 elements.
void EXPORT(glibc_math_f32)(int op, const float* a, float* out, int n, const double* t, const float* p) {
#define EACH(expr) for (int i = 0; i < n; i++) { double x = a[i]; out[i] = (float)(expr); } break
  switch (op) {
    case GLIBC_EXPM1: EACH(expm1f_glibc(x));
    case GLIBC_SINH: EACH(sinhf_glibc(x, t));
    case GLIBC_COSH: EACH(coshf_glibc(x, t));
    case GLIBC_TAN: EACH(tanf_glibc(x, t, p));
    case GLIBC_ARCTAN: EACH(atanf_glibc(x, p));
    case GLIBC_ARCSIN: EACH(asinf_glibc(x, p));
    case GLIBC_EXP2: EACH(exp2f_glibc(x, t));
    case GLIBC_LOG2: EACH(logf_or_log2f(x, 1, t));
    case GLIBC_LOG10: EACH(log10f_glibc(x, t));
    case GLIBC_LOG1P: EACH(log1pf_glibc(x, p));
    case GLIBC_ARCSINH: EACH(asinhf_glibc(x, t, p));
    case GLIBC_ARCCOSH: EACH(acoshf_glibc(x, t, p));
    default: EACH(atanhf_glibc(x, p));
  }
#undef EACH
}

// _libm32.powf_glibc1 (glibc's powf, its FMA build: each fma64 there one here, checked as glibc's
// float64 kernels check theirs) of n elements x and one y (a float32 value). An element with a nan
// operand or a fused step outside fma64's exact range is flagged in left (and left to the caller);
// the count of those is returned.
INLINE int checkint32(unsigned iy) {  // 0: not an integer, 1: odd, 2: even
  int e = (iy >> 23) & 0xff;
  if (e < 0x7f) return 0;
  if (e > 0x7f + 23) return 2;
  if (iy & ((1u << (0x7f + 23 - e)) - 1)) return 0;
  return (iy & (1u << (0x7f + 23 - e))) ? 1 : 2;
}

INLINE int zeroinfnan32(unsigned i) { return 2 * i - 1 >= 2u * 0x7f800000 - 1; }

INLINE double powf_glibc(double x, double y, const double* t, int* unsure) {
  unsigned ix = bits32(x), iy = bits32(y);
  int negative = 0;
  if (x != x || y != y) {  // (nan: the caller's)
    *unsure = 1;
    return 0.0;
  }
  if (ix - 0x00800000u >= 0x7f800000u - 0x00800000u || zeroinfnan32(iy)) {
    if (zeroinfnan32(iy)) {
      if (2 * iy == 0 || ix == 0x3f800000) return 1.0;
      if (2 * ix == 2u * 0x3f800000) return 1.0;
      if ((2 * ix < 2u * 0x3f800000) == !(iy & 0x80000000)) return 0.0;  // |x| < 1, y = inf; |x| > 1, y = -inf
      return y * y;
    }
    if (zeroinfnan32(ix)) {
      double x2 = R(x * x);
      if ((ix & 0x80000000) && checkint32(iy) == 1) x2 = -x2;
      if (!(iy & 0x80000000)) return x2;
      return x2 == 0.0 ? __builtin_copysign(__builtin_inf(), x2) : 1.0 / x2;
    }
    if (ix & 0x80000000) {  // finite x < 0
      int kind = checkint32(iy);
      if (kind == 0) return __builtin_nan("");
      negative = kind == 1;
      ix &= 0x7fffffff;
    }
    if (ix < 0x00800000) ix = (bits32(x * 8388608.0) & 0x7fffffff) - (23u << 23);  // subnormal: normalised
  }
  // _powf_log2: log2 x from logf's split, its table's log2 c
  const double* p = t + T_POWF_POLY;
  unsigned tmp = ix - 0x3f330000, top = tmp & 0xff800000u;
  int i = (tmp >> 19) & 15;
  double k = (double)((int)top >> 23);
  double r = fma64_checked(f32_of_bits(ix - top), t[T_LOGF + 2 * i], -1.0, unsure), r2 = r * r;
  double q = fma64_checked(fma64_checked(p[2], r, p[3], unsure), r2,
                           fma64_checked(p[4], r, t[T_LOG2F + i] + k, unsure), unsure);
  double ylogx = y * fma64_checked(fma64_checked(p[0], r, p[1], unsure), r2 * r2, q, unsure);
  if (__builtin_fabs(ylogx) >= 126.0) {
    if (ylogx > 0x1.fffffffd1d571p+6) return negative ? -__builtin_inf() : __builtin_inf();
    if (ylogx <= -150.0) return negative ? -0.0 : 0.0;
  }
  // _powf_exp2
  const double* c = t + T_EXP2_POLY;
  double kd = (ylogx + 0x1.8p52 / 32) - 0x1.8p52 / 32;
  int kk = (int)(kd * 32);
  double rr = ylogx - kd, s = t[T_EXP2 + (kk & 31)] * pow2(kk >> 5);
  double v = fma64_checked(fma64_checked(c[0], rr, c[1], unsure), rr * rr, fma64_checked(c[2], rr, 1.0, unsure),
                           unsure) * s;
  return R(negative ? -v : v);
}

int EXPORT(glibc_powf_f32)(const float* a, double y, float* out, int n, const double* t, unsigned char* left) {
  int count = 0;
  for (int i = 0; i < n; i++) {
    int unsure = 0;
    out[i] = (float)powf_glibc(a[i], y, t, &unsure);
    left[i] = (unsigned char)unsure;
    count += unsure;
  }
  return count;
}
