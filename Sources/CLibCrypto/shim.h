// The one function Brainy takes from OpenSSL's libcrypto: scrypt (RFC 7914), for the shell's offline accounts' and
// the server's password hashes. The system's libcrypto instead of swift-crypto's BoringSSL spares the shell compiling
// a second copy of BoringSSL (AsyncHTTPClient brings swift-nio-ssl's), and is optimised even in debug builds.
//
// The release programs are static executables (scripts/release-build): libcrypto.a is linked in and costs nothing at
// start. (Linked dynamically, the loader relocated libcrypto's 21,000 entries at every start of the shell, about
// 2 M instructions; a dynamically linked build still pays that, but only the tests' debug builds are linked so.)
#ifndef BRAINY_CLIBCRYPTO_SHIM_H
#define BRAINY_CLIBCRYPTO_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <openssl/evp.h>

/// OpenSSL's EVP_PBE_scrypt: 1 on success.
static inline int brainy_scrypt(const char *pass, size_t passlen, const unsigned char *salt, size_t saltlen,
                                uint64_t N, uint64_t r, uint64_t p, uint64_t maxmem, unsigned char *key,
                                size_t keylen) {
    return EVP_PBE_scrypt(pass, passlen, salt, saltlen, N, r, p, maxmem, key, keylen);
}

#endif
