#ifndef CZLIB_SHIM_H
#define CZLIB_SHIM_H
#include <zlib.h>
/* inflateInit2 is a macro; Swift cannot call it. */
static inline int czlib_inflate_init2(z_streamp strm, int windowBits) {
  return inflateInit2(strm, windowBits);
}
#endif
