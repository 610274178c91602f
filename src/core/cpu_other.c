/* SPDX-License-Identifier: MIT */
/* CPU detection for architectures with no accelerated driver: nothing to
 * detect, the portable drivers need no feature. */
#include "core/cpu.h"

#if !defined(__x86_64__) && !defined(__i386__) && !defined(__aarch64__) && !defined(__arm__)
uint32_t rijn_cpu_detect_arch(void)
{
    return 0;
}
#endif
