# SPDX-License-Identifier: MIT
"""What the provider tests share: where rijn.so is, and the README's
openssl.cnf snippet pointed at it."""
import os

from rijn_ffi import BUILD

BUILD = os.path.abspath(BUILD)
PROVIDER = os.path.join(BUILD, "rijn.so")


def write_cnf(path):
    """The README's openssl.cnf: rijn and default activated, rijn preferred."""
    path.write_text(f"""openssl_conf = openssl_init

[openssl_init]
providers = provider_sect
alg_section = algorithm_sect

[provider_sect]
default = default_sect
rijn = rijn_sect

[default_sect]
activate = 1

[rijn_sect]
module = {PROVIDER}
activate = 1

[algorithm_sect]
default_properties = ?provider=rijn
""")
    return path
