import torch
import torch.nn.functional as F


def run(model, loaders, epochs, accum_steps=4):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01, momentum=0.9)
    for epoch in range(epochs):
        for phase in ["train", "val"]:
            model.train(phase == "train")
            optimizer.zero_grad()
            i = -1  # the flush after the loop reads it, also when the loop runs no batch
            for i, (clips, labels) in enumerate(loaders[phase]):
                loss = F.binary_cross_entropy_with_logits(model(clips), labels) / accum_steps
                loss.backward()
                if (i + 1) % accum_steps == 0 and phase == "train":
                    optimizer.step()
                    optimizer.zero_grad()

            # the last micro-batches did not fill a whole window: step on them too
            if phase == "train" and (i + 1) % accum_steps != 0:
                optimizer.step()
                optimizer.zero_grad()
