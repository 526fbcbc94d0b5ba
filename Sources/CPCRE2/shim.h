#ifndef CPCRE2_SHIM_H
#define CPCRE2_SHIM_H
/* pcre2.h refuses to compile without a code-unit width; a systemLibrary target
   cannot take cSettings, so it is set here. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>
/* Cast macros are not imported into Swift. */
static inline PCRE2_SIZE cpcre2_zero_terminated(void) { return PCRE2_ZERO_TERMINATED; }
static inline PCRE2_SIZE cpcre2_unset(void) { return PCRE2_UNSET; }
#endif
