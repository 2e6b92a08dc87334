# Step closures made by factories defined inside the training function: the window's losses
# divided by its length (`train`), and one that steps every micro-batch (`train_each`); a factory
# of the same name in another function is not the one called here.
import torch
import torch.nn.functional as F


def train(model, batches, accum_steps=4):
    optimizer = torch.optim.Adam(model.parameters(), lr=1e-3)

    def build_update():
        def update(index, inputs, labels):
            loss = F.mse_loss(model(inputs), labels) / accum_steps
            loss.backward()
            if (index + 1) % accum_steps == 0:
                optimizer.step()
                optimizer.zero_grad()

        return update

    apply_batch = build_update()
    index = 0
    while index < len(batches):
        inputs, labels = batches[index]
        apply_batch(index, inputs, labels)
        index += 1
    if index % accum_steps:
        optimizer.step()
        optimizer.zero_grad()


def train_each(model, batches):
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

    def build_update():
        def update(inputs, labels):
            optimizer.zero_grad()
            F.mse_loss(model(inputs), labels).backward()
            optimizer.step()

        return update

    apply_batch = build_update()
    for inputs, labels in batches:
        apply_batch(inputs, labels)
