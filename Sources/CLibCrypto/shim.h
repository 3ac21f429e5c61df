// OpenSSL's libcrypto (libssl-dev): SHA-256 through the EVP interface and HMAC, for report seals and shard
// tallies (Linux; Apple platforms use CommonCrypto). Nothing of TLS is used or compiled.
#include <openssl/evp.h>
#include <openssl/hmac.h>
