import os


def ensure_dir(path):
  if not os.path.isdir(path):
    os.makedirs(path)


class Trainer:
   """Three spaces a level here; the helper above writes two: the flush is indented by the
   method's own step."""

   def __init__(self, model, optimizer, accum):
      self.model = model
      self.optimizer = optimizer
      self.accum = accum

   def run_epoch(self, batches):
      i = -1  # the flush after the loop reads it, also when the loop runs no batch
      for i, (x, y) in enumerate(batches):
         loss = self.model.loss(x, y) / self.accum
         loss.backward()
         if (i + 1) % self.accum == 0:
            self.optimizer.step()
            self.optimizer.zero_grad()

      # the last micro-batches did not fill a whole window: step on them too
      if (i + 1) % self.accum != 0:
         self.optimizer.step()
         self.optimizer.zero_grad()
