import torch


def describe(model):
  for name, p in model.named_parameters():
    print(name, tuple(p.shape))


class Runner:
	def train(self, model, batches, warmup):
		optimizer = torch.optim.Adam(model.parameters(), lr=1e-3 * min(1.0, (0 + 1) / warmup))
		for step, (x, y) in enumerate(batches):
			lr = 1e-3 * min(1.0, (step + 1) / warmup)
			for group in optimizer.param_groups:
				group["lr"] = lr
			optimizer.zero_grad()
			torch.nn.functional.mse_loss(model(x), y).backward()
			optimizer.step()
