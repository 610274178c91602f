/* SPDX-License-Identifier: MIT */
/* The priority rules of one-cipher templates (modes/modes.h says why). */
#include "modes/modes.h"

int rijn_prio_parallel(const struct rijn_desc *const part[])
{
    return part[0]->priority;
}

int rijn_prio_serial(const struct rijn_desc *const part[])
{
    return rijn_serial_priority(part[0]);
}

int rijn_prio_mixed(const struct rijn_desc *const part[])
{
    return (part[0]->priority + rijn_serial_priority(part[0])) / 2;
}
