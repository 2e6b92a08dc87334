import torch
from accelerate import Accelerator


def log_dir(name):
  if name:
    return "runs/" + name
  return "runs"


def train(model, optimizer, loader, epochs):
	accelerator = Accelerator(gradient_accumulation_steps=4)
	model, optimizer, loader = accelerator.prepare(model, optimizer, loader)
	for epoch in range(epochs):
		for batch in loader:
			with accelerator.accumulate(model):
				loss = model(**batch).loss
				accelerator.backward(loss)
				if accelerator.sync_gradients:
					accelerator.clip_grad_value_(model.parameters(), 0.5)
				optimizer.step()
				optimizer.zero_grad()
