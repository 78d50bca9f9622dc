#!/usr/bin/env bash
# Link launcher of the `dynamite` executable (CXX_LINKER_LAUNCHER in
# tools/CMakeLists.txt). CMake runs it with the whole link command as its
# arguments; it runs that command with every shared abseil, zlib and
# libcrypto library replaced by the static archive beside it
# (/usr/lib/x86_64-linux-gnu/libabsl_strings.so.20220623.0.0 ->
# /usr/lib/x86_64-linux-gnu/libabsl_strings.a), the archives wrapped in one
# --start-group/--end-group so that their order cannot matter.
#
# Why: the imported targets of Debian's abseil name only its shared
# libraries, and the libraries' link interfaces pass them on to every
# executable, so CMake has no per-executable way to pick the archives.
# Loading and relocating those 30-odd shared objects was most of `dynamite
# serve`'s start-up time (issue 4); the libraries and tests keep linking
# the shared ones.
#
# An archive that does not exist leaves its shared library in place, with a
# warning: the executable then works, only starts more slowly.
#
# glibc's warnings about name-service lookups in a static executable are
# filtered out of the linker's output (see the end).
set -euo pipefail

args=()
grouped=0
for arg in "$@"; do
  if [[ "${arg}" =~ ^(/.*/lib(absl_[a-z0-9_]+|z|crypto))\.so(\.[0-9.]+)?$ ]]; then
    archive="${BASH_REMATCH[1]}.a"
    if [[ -f "${archive}" ]]; then
      if [[ ${grouped} -eq 0 ]]; then
        args+=("-Wl,--start-group")
        grouped=1
      fi
      args+=("${archive}")
      continue
    fi
    echo "link_static.sh: warning: no ${archive}; linking ${arg}" >&2
  fi
  args+=("${arg}")
done
if [[ ${grouped} -eq 1 ]]; then
  args+=("-Wl,--end-group")
fi

# glibc's static archive warns, for each of getaddrinfo, gethostbyname and
# dlopen that the program references, that at run time the name-service
# modules must come from the glibc it was linked with. The executable is
# built on the machine it runs on (the README's commands), so that always
# holds; those warnings (each a "...: in function ..." line and the
# warning line after it) are dropped, every other line is passed on.
# stdout goes straight to fd 3; pipefail makes a failed link fail the script.
{ "${args[@]}" 2>&1 1>&3 3>&- | awk '
  / in function `.*'"'"':$/ { held = $0; next }
  /warning: Using .* in statically linked applications requires at runtime the shared libraries from the glibc version used for linking$/ {
    held = ""; next
  }
  { if (held != "") print held; held = ""; print }
  END { if (held != "") print held }
' >&2 3>&-; } 3>&1
