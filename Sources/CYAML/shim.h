#ifndef OPENIAP_CYAML_SHIM_H
#define OPENIAP_CYAML_SHIM_H
#include <yaml.h>
#endif
