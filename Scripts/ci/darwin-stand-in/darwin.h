// A stand-in for the few parts of Apple's C library that Sources/PlatformLayer uses, declared
// with the macOS SDK's types, signatures and nullability (macOS 13 SDK, /usr/include): enough for
// `swiftc -typecheck` on Linux to see the layer's Darwin file as a Mac would. Never linked, never
// run. Add a declaration here, copied from the SDK's header, when the layer calls something new;
// Scripts/ci/check-darwin.sh fails until it is here.
#ifndef CUSTOMER_CENTER_DARWIN_STAND_IN_H
#define CUSTOMER_CENTER_DARWIN_STAND_IN_H

// <sys/_types.h>, <sys/_types/*.h>: the widths Darwin gives them (mode_t is 16 bits there).
typedef __SIZE_TYPE__ size_t;
typedef long ssize_t;
typedef int pid_t;
typedef unsigned short mode_t;
typedef int dev_t;
typedef unsigned long long ino_t;
typedef long long off_t;
typedef unsigned int uid_t;
typedef unsigned int gid_t;
typedef unsigned short nlink_t;
typedef long long blkcnt_t;
typedef int blksize_t;
typedef unsigned int socklen_t;
typedef unsigned int sigset_t;
typedef long time_t;
typedef int suseconds_t;

// <sys/errno.h>
int *__error(void);
#define EINVAL 22
#define ENOTTY 25
#define ENOSYS 78
#define ENOTSUP 45
#define EOPNOTSUPP 102

// <sys/syslimits.h>
#define PATH_MAX 1024

// <stdlib.h>, <string.h>, <unistd.h>
char *getenv(const char *);
void free(void *);
char *strdup(const char *__s1);
char *getcwd(char *, size_t);
ssize_t write(int __fd, const void * __buf, size_t __nbyte);
int fsync(int);
long pathconf(const char *, int);
#define _PC_CASE_SENSITIVE 11

// <fcntl.h>: fcntl is variadic (the Swift overlay gives it fixed arities, as below in Darwin.swift).
int __stand_in_fcntl(int, int, int);
#define F_FULLFSYNC 51
#define O_RDONLY 0x0000
#define O_WRONLY 0x0001

// <sys/stat.h>
struct timespec { time_t tv_sec; long tv_nsec; };
struct stat {
    dev_t st_dev;
    mode_t st_mode;
    nlink_t st_nlink;
    ino_t st_ino;
    uid_t st_uid;
    gid_t st_gid;
    dev_t st_rdev;
    struct timespec st_atimespec;
    struct timespec st_mtimespec;
    struct timespec st_ctimespec;
    struct timespec st_birthtimespec;
    off_t st_size;
    blkcnt_t st_blocks;
    blksize_t st_blksize;
    unsigned int st_flags;
    unsigned int st_gen;
    int st_lspare;
    long long st_qspare[2];
};
int stat(const char *, struct stat *);

// <stdio.h>
int renamex_np(const char *, const char *, unsigned int);
#define RENAME_SWAP 0x00000002
#define RENAME_EXCL 0x00000004

// <spawn.h>: opaque pointers, made by the *_init calls (a struct on Linux).
typedef void *posix_spawnattr_t;
typedef void *posix_spawn_file_actions_t;
#define POSIX_SPAWN_SETPGROUP 0x0002
int posix_spawn(pid_t * __restrict, const char * __restrict, const posix_spawn_file_actions_t *,
                const posix_spawnattr_t * __restrict, char *const __argv[__restrict], char *const __envp[__restrict]);
int posix_spawn_file_actions_init(posix_spawn_file_actions_t *);
int posix_spawn_file_actions_destroy(posix_spawn_file_actions_t *);
int posix_spawn_file_actions_addopen(posix_spawn_file_actions_t * __restrict, int, const char * __restrict, int, mode_t);
int posix_spawn_file_actions_adddup2(posix_spawn_file_actions_t *, int, int);
int posix_spawn_file_actions_addclose(posix_spawn_file_actions_t *, int);
int posix_spawnattr_init(posix_spawnattr_t *);
int posix_spawnattr_destroy(posix_spawnattr_t *);
int posix_spawnattr_setflags(posix_spawnattr_t *, short);
int posix_spawnattr_setpgroup(posix_spawnattr_t *, pid_t);

// <crt_externs.h>: `environ` is not exported to programs here.
char ***_NSGetEnviron(void);

// <pthread.h>, <sys/_pthread/_pthread_types.h>: a thread is a pointer here.
struct _opaque_pthread_t { long __sig; char __opaque[8176]; };
struct _opaque_pthread_attr_t { long __sig; char __opaque[56]; };
typedef struct _opaque_pthread_t *pthread_t;
typedef struct _opaque_pthread_attr_t pthread_attr_t;
int pthread_attr_init(pthread_attr_t *);
int pthread_attr_destroy(pthread_attr_t *);
int pthread_attr_setstacksize(pthread_attr_t *, size_t);
int pthread_create(pthread_t _Nullable * _Nonnull __restrict, const pthread_attr_t * _Nullable __restrict,
                   void * _Nullable (* _Nonnull)(void * _Nullable), void * _Nullable __restrict);

// <signal.h>, <sys/signal.h>: sig_t, not sighandler_t; the handler inside a union named __sigaction_u.
typedef void (*sig_t)(int);
struct __siginfo;
union __sigaction_u {
    void (*__sa_handler)(int);
    void (*__sa_sigaction)(int, struct __siginfo *, void *);
};
struct sigaction {
    union __sigaction_u __sigaction_u;
    sigset_t sa_mask;
    int sa_flags;
};
int sigaction(int, const struct sigaction * __restrict, struct sigaction * __restrict);
int sigemptyset(sigset_t *);
void (*signal(int, void (*)(int)))(int);

// <sys/socket.h>: plain integers (an enum on Glibc); no MSG_NOSIGNAL.
#define SOCK_STREAM 1
#define SOL_SOCKET 0xffff
#define SO_NOSIGPIPE 0x1022
int setsockopt(int, int, int, const void *, socklen_t);
ssize_t send(int, const void *, size_t, int);

// <sys/resource.h>: ru_maxrss counts bytes here (kibibytes on Linux).
struct timeval { time_t tv_sec; suseconds_t tv_usec; };
struct rusage {
    struct timeval ru_utime;
    struct timeval ru_stime;
    long ru_maxrss;
    long ru_ixrss;
    long ru_idrss;
    long ru_isrss;
    long ru_minflt;
    long ru_majflt;
    long ru_nswap;
    long ru_inblock;
    long ru_oublock;
    long ru_msgsnd;
    long ru_msgrcv;
    long ru_nsignals;
    long ru_nvcsw;
    long ru_nivcsw;
};
#define RUSAGE_CHILDREN -1
int getrusage(int, struct rusage *);

#endif
