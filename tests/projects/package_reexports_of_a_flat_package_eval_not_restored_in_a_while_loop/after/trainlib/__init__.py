from trainlib.loops import fit_steps
from trainlib.metrics import accuracy
