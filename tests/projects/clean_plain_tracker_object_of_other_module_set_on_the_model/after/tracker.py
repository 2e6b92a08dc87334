class RuntimeTracker(object):
    def __init__(self, thresh=0.5):
        self.thresh = thresh
        self.max_id = 0

    def clear(self):
        self.max_id = 0
