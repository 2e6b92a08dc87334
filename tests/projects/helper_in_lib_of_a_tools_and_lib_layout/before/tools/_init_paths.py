import os.path as osp
import sys

sys.path.insert(0, osp.join(osp.dirname(__file__), "..", "lib"))
