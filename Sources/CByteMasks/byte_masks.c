// Everything is inline in include/byte_masks.h; SwiftPM needs one source file per C target.
#include "byte_masks.h"
