from learners.regressor import *
