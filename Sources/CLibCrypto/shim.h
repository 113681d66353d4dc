// The one function the shell takes from OpenSSL's libcrypto: scrypt (RFC 7914), for its offline accounts' and the
// server's password hashes. The system's libcrypto instead of swift-crypto's BoringSSL spares the shell compiling a
// second copy of BoringSSL (AsyncHTTPClient brings swift-nio-ssl's), and is optimised even in debug builds.
#ifndef BRAINY_CLIBCRYPTO_SHIM_H
#define BRAINY_CLIBCRYPTO_SHIM_H

#include <openssl/evp.h>

#endif
