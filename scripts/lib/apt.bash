# Installs Debian packages for the test suite with apt-get, as root or
# through passwordless sudo. Never fails: a test that needs a missing
# package reports it (or skips) itself.
# usage: apt_install_for <who> <package>...

apt_install_for() {
  local who=$1
  shift
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      sudo=(sudo -n)
    else
      echo "$who: not root; install $* by hand" >&2
      return 0
    fi
  fi
  export DEBIAN_FRONTEND=noninteractive
  echo "$who: installing $*" >&2
  "${sudo[@]}" apt-get update -qq || echo "$who: apt-get update failed" >&2
  if ! "${sudo[@]}" apt-get install -y -qq --no-install-recommends "$@" >/dev/null; then
    echo "$who: apt-get install failed; the tests that need it will report it" >&2
  fi
  return 0
}
