import torch


def pick_device(cuda):
  if cuda and torch.cuda.is_available():
    return "cuda"
  return "cpu"


class Loop:
   def __init__(self, model, optimizer, scaler, use_amp):
      self.model, self.optimizer, self.scaler, self.use_amp = model, optimizer, scaler, use_amp

   def fit(self, loader, max_norm):
      for x, y in loader:
         self.optimizer.zero_grad()
         with torch.autocast("cuda", dtype=torch.float16, enabled=self.use_amp):
            loss = torch.nn.functional.mse_loss(self.model(x), y)
         if self.use_amp:
            self.scaler.scale(loss).backward()
         else:
            loss.backward()
         torch.nn.utils.clip_grad_norm_(self.model.parameters(), max_norm)
         if self.use_amp:
            self.scaler.step(self.optimizer)
            self.scaler.update()
         else:
            self.optimizer.step()
