#ifndef MANAGED_CODEGEN_CLIBXML2_SHIM_H
#define MANAGED_CODEGEN_CLIBXML2_SHIM_H

// Debian builds libxml2 with ICU; its ICU typedefs clash with Foundation's copy ("'UErrorCode' has
// different definitions in different modules"). We never use libxml2's ICU encoders, so hide them.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlerror.h>
#include <libxml/SAX2.h>

// xmlFree is a global function pointer, which Swift 6 rejects as not concurrency-safe.
static inline void mc_xmlFree(void *pointer) { xmlFree(pointer); }

#endif
