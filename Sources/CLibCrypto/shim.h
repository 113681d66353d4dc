// The one function Brainy takes from OpenSSL's libcrypto: scrypt (RFC 7914), for the shell's offline accounts' and
// the server's password hashes. The system's libcrypto instead of swift-crypto's BoringSSL spares the shell compiling
// a second copy of BoringSSL (AsyncHTTPClient brings swift-nio-ssl's), and is optimised even in debug builds.
//
// libcrypto is loaded when a password is first hashed, not when the program starts: linked, the dynamic loader
// relocated its 21,000 entries at every start of the shell (about 2 M instructions, a third of `brainy --version`),
// though most sessions never hash a password.
#ifndef BRAINY_CLIBCRYPTO_SHIM_H
#define BRAINY_CLIBCRYPTO_SHIM_H

#include <dlfcn.h>
#include <stddef.h>
#include <stdint.h>
#include <openssl/evp.h>

typedef int (*brainy_scrypt_function)(const char *pass, size_t passlen, const unsigned char *salt, size_t saltlen,
                                      uint64_t N, uint64_t r, uint64_t p, uint64_t maxmem, unsigned char *key,
                                      size_t keylen);

// The header's declaration and the pointer called through must agree, or this does not compile.
_Static_assert(__builtin_types_compatible_p(__typeof__(&EVP_PBE_scrypt), brainy_scrypt_function),
               "EVP_PBE_scrypt's signature changed");

/// OpenSSL's EVP_PBE_scrypt, from libcrypto loaded on the first call. Returns what it returns (1 on success), or -1
/// when no libcrypto could be loaded (then nothing was written to `key`).
static inline int brainy_scrypt(const char *pass, size_t passlen, const unsigned char *salt, size_t saltlen,
                                uint64_t N, uint64_t r, uint64_t p, uint64_t maxmem, unsigned char *key,
                                size_t keylen) {
    static brainy_scrypt_function loaded = NULL;
    brainy_scrypt_function function = __atomic_load_n(&loaded, __ATOMIC_ACQUIRE);
    if (function == NULL) {
        // Two threads may both get here: dlopen counts references and returns the same library to both.
        static const char *const names[] = {"libcrypto.so.3", "libcrypto.so"};
        for (size_t i = 0; i < sizeof names / sizeof names[0] && function == NULL; i++) {
            void *library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
            if (library != NULL) function = (brainy_scrypt_function)dlsym(library, "EVP_PBE_scrypt");
        }
        if (function == NULL) return -1;
        __atomic_store_n(&loaded, function, __ATOMIC_RELEASE);
    }
    return function(pass, passlen, salt, saltlen, N, r, p, maxmem, key, keylen);
}

#endif
