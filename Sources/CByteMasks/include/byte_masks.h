#ifndef TCALOG_BYTE_MASKS_H
#define TCALOG_BYTE_MASKS_H

/* Which of 64 bytes equal a given byte, as the bits of one word: the line splitter walks
 * line feeds by their bits instead of calling memchr once per line (a call per line of
 * 20 to 30 bytes cost a fifth of a scan). SSE2 where the compiler has it (every x86-64);
 * elsewhere eight bytes at a time in plain C, with the same result. Both are exposed so
 * that tests compare them. */

#include <stddef.h>
#include <stdint.h>
#include <string.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
#error "byte_masks.h assumes a little-endian target"
#endif

/* Bit i is set when p[i] == byte, for i in 0..<64; all 64 bytes must be readable. */
static inline uint64_t tcalog_byte_mask64_portable(const uint8_t *p, uint8_t byte) {
  const uint64_t low7 = 0x7F7F7F7F7F7F7F7FULL;
  const uint64_t pattern = 0x0101010101010101ULL * byte;
  uint64_t result = 0;
  for (int w = 0; w < 8; w++) {
    uint64_t word;
    memcpy(&word, p + 8 * w, 8);
    uint64_t t = word ^ pattern;
    /* The top bit of each byte of `hit` is set exactly when that byte of t is zero (no
     * borrow from a neighbour, unlike the shorter has-zero trick). */
    uint64_t hit = ~(((t & low7) + low7) | t) & ~low7;
    /* Gathers the eight top bits into one byte (no two partial products overlap). */
    result |= (((hit >> 7) * 0x0102040810204080ULL) >> 56) << (8 * w);
  }
  return result;
}

static inline uint64_t tcalog_byte_mask64(const uint8_t *p, uint8_t byte) {
#if defined(__SSE2__)
  const __m128i b = _mm_set1_epi8((char)byte);
  uint64_t m0 = (uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)p), b));
  uint64_t m1 = (uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + 16)), b));
  uint64_t m2 = (uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + 32)), b));
  uint64_t m3 = (uint16_t)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128((const __m128i *)(p + 48)), b));
  return m0 | (m1 << 16) | (m2 << 32) | (m3 << 48);
#else
  return tcalog_byte_mask64_portable(p, byte);
#endif
}

/* The same for the `count` (0...64) bytes at p; bits at and above `count` are clear.
 * Reads only those bytes (the end of a buffer). */
static inline uint64_t tcalog_byte_mask_upto64(const uint8_t *p, size_t count, uint8_t byte) {
  if (count >= 64) return tcalog_byte_mask64(p, byte);
  uint8_t window[64];
  memset(window, byte ^ 0xFF, sizeof window);
  memcpy(window, p, count);
  return tcalog_byte_mask64(window, byte) & ((UINT64_C(1) << count) - 1);
}

/* Which of 64 bytes can start a token the action-shape pass rewrites (ActionShape in
 * TCALogParsing): `"`, `#`, `<`, a digit or 0xFF, as the bits of one word. An action text
 * is hundreds of bytes with few such bytes (IDs, coordinates): one mask per 64 bytes
 * replaced a word loop that spent about 2.5 instructions a byte. Exact for every bit, so
 * the caller may take the bits one after another. All 64 bytes must be readable. */
static inline uint64_t tcalog_shape_mask64_portable(const uint8_t *p) {
  const uint64_t low7 = 0x7F7F7F7F7F7F7F7FULL;
  const uint64_t ones = 0x0101010101010101ULL;
  uint64_t result = 0;
  for (int w = 0; w < 8; w++) {
    uint64_t x;
    memcpy(&x, p + 8 * w, 8);
    /* Exact zero-byte test of t: the top bit of each byte of the result. */
#define TCALOG_ZERO_BYTES(t) (~((((t) & low7) + low7) | (t)) & ~low7)
    uint64_t quote_or_hash = TCALOG_ZERO_BYTES((x | ones) ^ (ones * 0x23));
    uint64_t less = TCALOG_ZERO_BYTES(x ^ (ones * 0x3C));
    uint64_t ff = TCALOG_ZERO_BYTES(~x);
#undef TCALOG_ZERO_BYTES
    /* Digits: a byte below 0x80 with t + 0x50 reaching 0x80 (t >= 0x30) and t + 0x46 not
     * (t < 0x3A); no sum leaves its byte. */
    uint64_t t = x & low7;
    uint64_t digit = ((t + ones * 0x50) & ~(t + ones * 0x46)) & ~x & ~low7;
    uint64_t hit = quote_or_hash | less | ff | digit;
    result |= (((hit >> 7) * 0x0102040810204080ULL) >> 56) << (8 * w);
  }
  return result;
}

static inline uint64_t tcalog_shape_mask64(const uint8_t *p) {
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8(0x23), one = _mm_set1_epi8(1), less = _mm_set1_epi8(0x3C);
  const __m128i ff = _mm_set1_epi8((char)0xFF), zero = _mm_set1_epi8(0x30), nine = _mm_set1_epi8(9);
  uint64_t result = 0;
  for (int k = 0; k < 4; k++) {
    __m128i v = _mm_loadu_si128((const __m128i *)(p + 16 * k));
    __m128i d = _mm_sub_epi8(v, zero);
    __m128i hit = _mm_or_si128(
      _mm_or_si128(_mm_cmpeq_epi8(_mm_or_si128(v, one), quote), _mm_cmpeq_epi8(v, less)),
      _mm_or_si128(_mm_cmpeq_epi8(v, ff), _mm_cmpeq_epi8(_mm_min_epu8(d, nine), d)));
    result |= (uint64_t)(uint16_t)_mm_movemask_epi8(hit) << (16 * k);
  }
  return result;
#else
  return tcalog_shape_mask64_portable(p);
#endif
}

/* The same for the `count` (0...64) bytes at p; bits at and above `count` are clear. */
static inline uint64_t tcalog_shape_mask_upto64(const uint8_t *p, size_t count) {
  if (count >= 64) return tcalog_shape_mask64(p);
  uint8_t window[64];
  memset(window, ' ', sizeof window);
  memcpy(window, p, count);
  return tcalog_shape_mask64(window) & ((UINT64_C(1) << count) - 1);
}

/* The brackets of the first `count` (0...64) bytes at p, for the bracket counter's lines
 * without strings (BracketCounter in TCALogParsing): the number of `(` `[` `{` less the
 * number of `)` `]` `}`, and whether any byte is `"` or `#` (then the caller counts byte
 * by byte). Reads the bytes in groups of 16, so `count` rounded up to 16 must be readable;
 * bytes at and above `count` are not counted. */
typedef struct {
  int delta;
  int quotes;
} tcalog_bracket_delta_t;

static inline tcalog_bracket_delta_t tcalog_bracket_delta_portable(const uint8_t *p, size_t count) {
  tcalog_bracket_delta_t r = {0, 0};
  for (size_t i = 0; i < count && i < 64; i++) {
    uint8_t b = p[i];
    if (b == '(' || b == '[' || b == '{') r.delta++;
    else if (b == ')' || b == ']' || b == '}') r.delta--;
    else if (b == '"' || b == '#') r.quotes = 1;
  }
  return r;
}

/* SSE2: each group's compares give -1 for a bracket; closing less opening is +1 for an
 * opening bracket and -1 for a closing one, summed lane by lane (at most 4 a lane) and then
 * across lanes by `psadbw` on the lanes biased by 128. Bytes past `count` are masked out
 * by a window into `tcalog_lanes`. No movemask and no population count: without POPCNT
 * (not in baseline x86-64) the two counts took 24 of the 67 instructions of a line. */
static const uint8_t tcalog_lanes[32] = {
  0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
  0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};

#if defined(__SSE2__)
/* Which bytes of v open a bracket (`(`, and `[` `{` folded together by `| 0x20`) and which
 * close one: 0xFF in those lanes of *opens and *closes. */
__attribute__((always_inline)) static inline void tcalog_bracket_lanes(__m128i v, __m128i *opens, __m128i *closes) {
  __m128i upper = _mm_or_si128(v, _mm_set1_epi8(0x20));
  *opens = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x28)), _mm_cmpeq_epi8(upper, _mm_set1_epi8(0x7B)));
  *closes = _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(0x29)), _mm_cmpeq_epi8(upper, _mm_set1_epi8(0x7D)));
}

/* The sum of the 16 signed lanes of `sum` (each within -128...127): `psadbw` of the lanes
 * biased by 128, less the bias. */
__attribute__((always_inline)) static inline int tcalog_lane_total(__m128i sum) {
  __m128i halves = _mm_sad_epu8(_mm_xor_si128(sum, _mm_set1_epi8((char)0x80)), _mm_setzero_si128());
  return _mm_cvtsi128_si32(halves) + _mm_cvtsi128_si32(_mm_srli_si128(halves, 8)) - 16 * 128;
}
#endif

/* Always inlined: the line loops call it for most lines, and a call cost a sixth of it. */
__attribute__((always_inline)) static inline tcalog_bracket_delta_t tcalog_bracket_delta(const uint8_t *p, size_t count) {
#if defined(__SSE2__)
  const __m128i one = _mm_set1_epi8(1), quote = _mm_set1_epi8(0x23);
  __m128i sum = _mm_setzero_si128(), quotes = _mm_setzero_si128();
  for (size_t k = 0; k < 4 && 16 * k < count; k++) {
    __m128i v = _mm_loadu_si128((const __m128i *)(p + 16 * k));
    __m128i opens, closes;
    tcalog_bracket_lanes(v, &opens, &closes);
    __m128i q = _mm_cmpeq_epi8(_mm_or_si128(v, one), quote);
    __m128i d = _mm_sub_epi8(closes, opens);
    size_t left = count - 16 * k;
    if (left < 16) {
      __m128i keep = _mm_loadu_si128((const __m128i *)(tcalog_lanes + 16 - left));
      d = _mm_and_si128(d, keep);
      q = _mm_and_si128(q, keep);
    }
    sum = _mm_add_epi8(sum, d);
    quotes = _mm_or_si128(quotes, q);
  }
  tcalog_bracket_delta_t r = {tcalog_lane_total(sum), _mm_movemask_epi8(quotes) != 0};
  return r;
#else
  return tcalog_bracket_delta_portable(p, count);
#endif
}

/* The brackets of the first `count` (0...128) bytes at p for a line that may hold strings
 * (BracketCounter's lines with a `"`, mostly IDs: `"C010…": WindowState(`): the opening
 * less the closing brackets, and whether that is what the string-aware byte loop gives.
 * It is when the line holds no `\` and no `#` (escapes, raw strings), no `"""`, and no
 * bracket inside a string, the inside being the bytes after an odd number of quotes (the
 * prefix XOR of the quotes' bits): then strings change nothing. `quotes`: whether any `"`
 * is there (a string-free line gives the same delta as `tcalog_bracket_delta`). Reads the
 * bytes in groups of 16, so `count` rounded up to 16 must be readable. No population count
 * (not in baseline x86-64): the sum comes from `psadbw` as in `tcalog_bracket_delta`, and
 * the bits only answer yes or no. */
typedef struct {
  int delta;
  int exact;
  int quotes;
} tcalog_bracket_strings_t;

/* Bit i of the result is the XOR of bits 0...i of x: set inside a string (on its opening
 * quote too), clear outside it. */
static inline uint64_t tcalog_prefix_xor64(uint64_t x) {
  x ^= x << 1;
  x ^= x << 2;
  x ^= x << 4;
  x ^= x << 8;
  x ^= x << 16;
  x ^= x << 32;
  return x;
}

static inline tcalog_bracket_strings_t tcalog_bracket_strings_portable(const uint8_t *p, size_t count) {
  tcalog_bracket_strings_t r = {0, 1, 0};
  int inside = 0, run = 0;
  for (size_t i = 0; i < count && i < 128; i++) {
    uint8_t b = p[i];
    int bracket = 0;
    if (b == '(' || b == '[' || b == '{') r.delta++, bracket = 1;
    else if (b == ')' || b == ']' || b == '}') r.delta--, bracket = 1;
    if (b == '"') {
      r.quotes = 1;
      inside = !inside;
      if (++run == 3) r.exact = 0;
    } else {
      run = 0;
    }
    if (b == '\\' || b == '#' || (bracket && inside)) r.exact = 0;
  }
  return r;
}

static inline tcalog_bracket_strings_t tcalog_bracket_strings(const uint8_t *p, size_t count) {
#if defined(__SSE2__)
  const __m128i quote = _mm_set1_epi8(0x22), hash = _mm_set1_epi8(0x23), backslash = _mm_set1_epi8(0x5C);
  __m128i sum = _mm_setzero_si128(), escapes = _mm_setzero_si128();
  uint64_t quotes[2] = {0, 0}, brackets[2] = {0, 0};
  /* By 64 bytes, so that each group's bits go to a word by a constant shift. */
  for (size_t h = 0; h < 2 && 64 * h < count; h++) {
    uint64_t qw = 0, bw = 0;
    for (size_t j = 0; j < 4 && 64 * h + 16 * j < count; j++) {
      const uint8_t *at = p + 64 * h + 16 * j;
      __m128i v = _mm_loadu_si128((const __m128i *)at);
      __m128i opens, closes;
      tcalog_bracket_lanes(v, &opens, &closes);
      __m128i q = _mm_cmpeq_epi8(v, quote);
      __m128i e = _mm_or_si128(_mm_cmpeq_epi8(v, hash), _mm_cmpeq_epi8(v, backslash));
      __m128i d = _mm_sub_epi8(closes, opens);
      __m128i b = _mm_or_si128(opens, closes);
      size_t left = count - 64 * h - 16 * j;
      if (left < 16) {
        __m128i keep = _mm_loadu_si128((const __m128i *)(tcalog_lanes + 16 - left));
        d = _mm_and_si128(d, keep);
        q = _mm_and_si128(q, keep);
        e = _mm_and_si128(e, keep);
        b = _mm_and_si128(b, keep);
      }
      sum = _mm_add_epi8(sum, d);
      escapes = _mm_or_si128(escapes, e);
      qw |= (uint64_t)(uint16_t)_mm_movemask_epi8(q) << (16 * j);
      bw |= (uint64_t)(uint16_t)_mm_movemask_epi8(b) << (16 * j);
    }
    quotes[h] = qw;
    brackets[h] = bw;
  }
  int total = tcalog_lane_total(sum);
  uint64_t q0 = quotes[0], q1 = quotes[1];
  uint64_t inside0 = tcalog_prefix_xor64(q0);
  /* The second word's strings start inside one when the first holds an odd number of quotes. */
  uint64_t inside1 = tcalog_prefix_xor64(q1) ^ (0 - (inside0 >> 63));
  uint64_t triples = (q0 & ((q0 >> 1) | (q1 << 63)) & ((q0 >> 2) | (q1 << 62))) | (q1 & (q1 >> 1) & (q1 >> 2));
  int exact = _mm_movemask_epi8(escapes) == 0 && triples == 0
    && ((brackets[0] & inside0) | (brackets[1] & inside1)) == 0;
  tcalog_bracket_strings_t r = {total, exact, (q0 | q1) != 0};
  return r;
#else
  return tcalog_bracket_strings_portable(p, count);
#endif
}

/* Where the next header candidate starts: the first `eceived action` (14 bytes, in every
 * record header: `Received action:`, `received action:`, `received action: TEXT`) that
 * starts at or after `from` and lies wholly in the `count` bytes at p; `count` when there
 * is none. The scanner asks once per candidate, not once per line: a line that holds no
 * candidate cannot be a header, so its header tests are skipped. Its rarest byte, the `v`,
 * is found 64 bytes at a time as the bits of a mask, each checked by a compare: a memchr
 * call per `v` (2.5 a record, most of them in `isVisible`, `dragMoved` and the like) cost
 * 4% of a tca1 report's time for 1.5% of its instructions. */
static inline size_t tcalog_next_header_candidate(const uint8_t *p, size_t from, size_t count) {
  static const char needle[14] = {'e', 'c', 'e', 'i', 'v', 'e', 'd', ' ', 'a', 'c', 't', 'i', 'o', 'n'};
  if (count < sizeof needle || from > count - sizeof needle) return count;
  /* The `v`s of candidates that start from `from` to `count - 14`. */
  size_t at = from + 4, end = count - 9;
  while (at < end) {
    uint64_t v = tcalog_byte_mask_upto64(p + at, end - at < 64 ? end - at : 64, 'v');
    while (v != 0) {
      size_t start = at + (size_t)__builtin_ctzll(v) - 4;
      if (memcmp(p + start, needle, sizeof needle) == 0) return start;
      v &= v - 1;
    }
    at += 64;
  }
  return count;
}

/* Where the next byte over 0x7F is, at or after `from` in the `count` bytes at p; `count`
 * when there is none. Most log lines are ASCII, and an ASCII line is valid UTF-8: the
 * scanner searches again only after a line that holds such a byte (a header's emoji), and
 * decodes only those lines. SSE2: the top bits of 64 bytes in four loads; elsewhere eight
 * bytes at a time (the portable form, exposed for tests). */
static inline size_t tcalog_next_high_byte_portable(const uint8_t *p, size_t from, size_t count) {
  size_t i = from;
  while (i + 8 <= count) {
    uint64_t w;
    memcpy(&w, p + i, 8);
    w &= 0x8080808080808080ULL;
    if (w != 0) return i + (size_t)(__builtin_ctzll(w) >> 3);
    i += 8;
  }
  while (i < count && p[i] < 0x80) i++;
  return i;
}

static inline size_t tcalog_next_high_byte(const uint8_t *p, size_t from, size_t count) {
#if !defined(__SSE2__)
  return tcalog_next_high_byte_portable(p, from, count);
#else
  size_t i = from;
  while (i + 64 <= count) {
    __m128i a = _mm_loadu_si128((const __m128i *)(p + i));
    __m128i b = _mm_loadu_si128((const __m128i *)(p + i + 16));
    __m128i c = _mm_loadu_si128((const __m128i *)(p + i + 32));
    __m128i d = _mm_loadu_si128((const __m128i *)(p + i + 48));
    if (_mm_movemask_epi8(_mm_or_si128(_mm_or_si128(a, b), _mm_or_si128(c, d))) != 0) break;
    i += 64;
  }
  while (i + 16 <= count) {
    int m = _mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(p + i)));
    if (m != 0) return i + (size_t)__builtin_ctz((unsigned)m);
    i += 16;
  }
  while (i < count && p[i] < 0x80) i++;
  return i;
#endif
}

#endif
