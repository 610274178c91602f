/* Shared declarations of the rijn CLI. */
#ifndef RIJN_CLI_H
#define RIJN_CLI_H
int cmd_speed(int argc, char **argv);
#endif
