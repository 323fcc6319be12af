# The Debian package: `cpack -G DEB` in the build tree (bash .ci/keyplan.sh package) writes
# keyplan_<version>_amd64.deb from the install rules. Its dependencies are what dpkg-shlibdeps finds the
# binaries linked against, plus what they load at run time and dpkg-shlibdeps cannot see: Qt's platform
# plugins (qt6-qpa-plugins). Binaries are stripped; the desktop database, MIME and icon caches are
# refreshed by the triggers of the packages that own them, so the package needs no maintainer scripts.
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME keyplan)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "The Keyplan developers")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "desktop designer for DynamoDB single-table designs")
set(CPACK_PACKAGE_DESCRIPTION
    "Keyplan lays out a DynamoDB table and its indexes with sample items, plans and\n"
    "prices every access pattern, says what risks the keys carry, and runs each\n"
    "pattern against a local store that answers as DynamoDB does. keyplan-cli\n"
    "checks, compares, exports and serves designs from the command line, in CI and\n"
    "in a pre-commit hook.")
string(REPLACE ";" "" CPACK_PACKAGE_DESCRIPTION "${CPACK_PACKAGE_DESCRIPTION}")
set(CPACK_PACKAGE_CONTACT ${KEYPLAN_MAINTAINER})
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE ${KEYPLAN_PROJECT_URL})
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins")
# The pictures and the layouts are drawn in DejaVu Sans.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "fonts-dejavu-core, qt6-wayland")
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_STRIP_FILES ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
include(CPack)
