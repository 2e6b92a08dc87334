import torch
import torch.nn.functional as F

from attacks import odfa


def train_model(model, optimizer, loaders, epochs, every=2):
    for epoch in range(epochs):
        for phase in ["train", "val"]:
            if phase == "train":
                model.train(True)
            else:
                model.train(False)
            for step, (images, labels) in enumerate(loaders[phase]):
                optimizer.zero_grad()
                if phase == "val":
                    with torch.no_grad():
                        scores = model(images)
                else:
                    scores = model(images)
                loss = F.cross_entropy(scores, labels)
                if step % every == 0:
                    perturbed = odfa(model, images)  # `model` itself stays in train mode
                    loss = loss + F.cross_entropy(model(perturbed), labels)
                if phase == "train":
                    loss.backward()
                    optimizer.step()
