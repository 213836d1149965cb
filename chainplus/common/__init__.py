"""Small helpers that every layer of Chain+ may use, each with one home: option parsing
(``options``), statistics (``stats``), standard error at the descriptor (``streams``), growing
pauses (``backoff``), this copy's version (``version``) and the time every layer reads and
waits on (``clock``), and the language it speaks (``language``, from the gettext catalogs
``po`` reads). Standard library only, but for ``build``: the hooks only a build of the package
imports (setuptools), which write the version and fill the sdist.
"""
